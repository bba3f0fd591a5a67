import { describe, expect, it } from 'vitest';
import { shopCreateRequestInputSchema } from './shop-request-schemas';

const valid = {
  shop_name: 'Hackney Honey',
  description: 'Honey from the hives on the parade.',
  address: '1 Bethnal Green Road',
  postcode: 'e2 6dg',
  phone: '07700900000',
};

const postcodeMessages = (postcode: unknown) => {
  const result = shopCreateRequestInputSchema.safeParse({ ...valid, postcode });
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === 'postcode').map((i) => i.message);
};

describe('the shop request postcode', () => {
  it('says an empty postcode is required, as the other fields do', () => {
    expect(postcodeMessages('')[0]).toBe('This field is required.');
    expect(postcodeMessages('   ')[0]).toBe('This field is required.');
    expect(postcodeMessages(undefined)[0]).toBe('This field is required.');
  });

  it("quotes a postcode that is not one, with spec section 5's message, and normalises a good one", () => {
    expect(postcodeMessages('E1 0A')[0]).toBe('PLEASE SELECT A VALID POSTCODE, "E1 0A" IS NOT VALID');
    const parsed = shopCreateRequestInputSchema.parse(valid);
    expect(parsed.postcode).toBe('E2 6DG');
  });
});
