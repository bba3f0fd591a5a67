import { describe, expect, it } from 'vitest';
import { effectiveSiteSettings } from './settings';

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

  it('keeps every other setting as stored', () => {
    expect(effectiveSiteSettings({ ...enabled, site_title: 'Parade' }, { stripeSecretKeySet: false }).site_title).toBe(
      'Parade',
    );
  });
});
