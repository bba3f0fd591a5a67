import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usePlainMessages } from './zod-messages';

usePlainMessages();

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('plain messages for rules stated without one', () => {
  it('says a missing field is required, and names the type a wrong one should have', () => {
    const schema = z.object({ name: z.string(), count: z.number().int(), on: z.boolean(), tags: z.array(z.string()) });
    expect(messagesOf(schema, {})).toEqual({
      name: 'This field is required.',
      count: 'This field is required.',
      on: 'This field is required.',
      tags: 'This field is required.',
    });
    expect(messagesOf(schema, { name: 1, count: 1.5, on: 'yes', tags: 'a' })).toEqual({
      name: 'Must be text.',
      count: 'Must be a whole number.',
      on: 'Must be true or false.',
      tags: 'Must be a list.',
    });
  });

  it('gives the bounds, the choices and the formats in words', () => {
    const schema = z.object({
      n: z.number().min(0).max(100),
      text: z.string().min(1).max(5),
      long: z.string().min(3),
      kind: z.enum(['percent', 'fixed']),
      email: z.email(),
    });
    expect(messagesOf(schema, { n: -1, text: '', long: 'ab', kind: 'half', email: 'nope' })).toEqual({
      n: 'Must be at least 0.',
      text: 'This field is required.',
      long: 'Must be at least 3 characters.',
      kind: 'Must be one of: percent, fixed.',
      email: 'Enter a valid e-mail address.',
    });
    expect(messagesOf(schema.pick({ n: true, text: true }), { n: 101, text: 'toolong' })).toEqual({
      n: 'Must be at most 100.',
      text: 'Must be at most 5 characters.',
    });
  });

  it('says a missing choice is required, and a map that is not one, or has a bad key, in words', () => {
    expect(messagesOf(z.object({ status: z.enum(['pending', 'done']) }), {})).toEqual({
      status: 'This field is required.',
    });
    const coupons = z.object({
      coupons: z.record(z.string().regex(/^[1-9]\d*$/, 'Shop ids are positive integers.'), z.string()),
    });
    expect(messagesOf(coupons, { coupons: ['X'] })).toEqual({ coupons: 'Must be an object.' });
    expect(messagesOf(coupons, { coupons: { abc: 'X' } })).toEqual({
      'coupons.abc': 'Shop ids are positive integers.',
    });
  });

  it("keeps a schema's own message", () => {
    expect(messagesOf(z.object({ name: z.string('Give it a name.') }), {})).toEqual({ name: 'Give it a name.' });
    expect(messagesOf(z.string().min(2, 'Two at least.'), 'a')).toEqual({ '': 'Two at least.' });
  });
});
