import { describe, expect, it } from 'vitest';
import { offerFormToInput, vendorOfferCreateSchema, vendorOfferUpdateSchema } from './offer-schemas';

describe('offer input', () => {
  it('reads a multipart form as the JSON input: numbers, booleans, empty as null', () => {
    const input = offerFormToInput({
      title: 'Free loaf',
      description: 'One free loaf',
      discount_type: 'fixed',
      discount_value: '350',
      starts_at: '2026-01-01T09:00:00Z',
      ends_at: '2026-01-31T17:00:00Z',
      max_claims: '',
      qr_only: 'true',
      is_featured: '0',
      terms: '',
    });
    expect(input).toMatchObject({
      discount_value: 350,
      max_claims: null,
      qr_only: true,
      is_featured: false,
      terms: null,
    });
    expect(vendorOfferCreateSchema.safeParse(input).success).toBe(true);
    // Unreadable text reaches the schema, which names the field.
    const bad = vendorOfferCreateSchema.safeParse(
      offerFormToInput({
        title: 'Free loaf',
        description: 'One free loaf',
        discount_type: 'fixed',
        discount_value: 'lots',
        starts_at: '2026-01-01T09:00:00Z',
        ends_at: '2026-01-31T17:00:00Z',
      }),
    );
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['discount_value']);
  });

  it('checks the rules across fields: a percent at most 100, the end after the start', () => {
    const result = vendorOfferUpdateSchema.safeParse({
      discount_type: 'percent',
      discount_value: 101,
      starts_at: '2026-02-01T00:00:00Z',
      ends_at: '2026-01-01T00:00:00Z',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['discount_value', 'ends_at']);
    expect(vendorOfferUpdateSchema.safeParse({ title: 'Only this' }).success).toBe(true);
  });
});
