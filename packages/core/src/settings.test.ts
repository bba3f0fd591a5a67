import { describe, expect, it } from 'vitest';
import { effectiveSiteSettings, stripePublishableKey } from './settings';

const enabled = {
  enable_stripe_payment: 'true',
  stripe_test_mode: 'true',
  stripe_test_pub: 'pk_test_123',
  stripe_live_pub: '',
};

describe('effectiveSiteSettings', () => {
  it('offers card payment only when the admin enabled it and the keys are configured', () => {
    expect(effectiveSiteSettings(enabled, { stripeSecretKeySet: true }).enable_stripe_payment).toBe('true');
    expect(effectiveSiteSettings(enabled, { stripeSecretKeySet: false }).enable_stripe_payment).toBe('false');
    expect(
      effectiveSiteSettings({ ...enabled, enable_stripe_payment: 'false' }, { stripeSecretKeySet: true })
        .enable_stripe_payment,
    ).toBe('false');
  });

  it('needs the publishable key of the current mode', () => {
    const live = { ...enabled, stripe_test_mode: 'false' };
    expect(effectiveSiteSettings(live, { stripeSecretKeySet: true }).enable_stripe_payment).toBe('false');
    expect(
      effectiveSiteSettings({ ...live, stripe_live_pub: 'pk_live_1' }, { stripeSecretKeySet: true })
        .enable_stripe_payment,
    ).toBe('true');
  });

  it("takes the server's publishable key over the settings' one", () => {
    const live = { ...enabled, stripe_test_mode: 'false' };
    expect(
      effectiveSiteSettings(live, { stripeSecretKeySet: true, publishableKey: 'pk_live_env' }).enable_stripe_payment,
    ).toBe('true');
    expect(stripePublishableKey(live, 'pk_live_env')).toBe('pk_live_env');
    expect(stripePublishableKey(enabled)).toBe('pk_test_123');
    expect(stripePublishableKey({ ...enabled, stripe_test_mode: 'false' })).toBeUndefined();
  });

  it('keeps every other setting as stored', () => {
    expect(effectiveSiteSettings({ ...enabled, site_title: 'Parade' }, { stripeSecretKeySet: false }).site_title).toBe(
      'Parade',
    );
  });
});
