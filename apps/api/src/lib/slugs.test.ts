import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { freeSlug, slugify, slugRace } from './slugs';

/** A scope that already uses these slugs, answering the prefix query as a table would. */
const scope = (...used: string[]) => {
  const asked: string[] = [];
  const taken = async (prefix: string) => {
    asked.push(prefix);
    return used.filter((slug) => slug.startsWith(prefix));
  };
  return { taken, asked };
};

describe('slugify', () => {
  it('keeps lower-case ASCII letters and digits, joined by single hyphens', () => {
    expect(slugify('Crème Brûlée')).toBe('creme-brulee');
    expect(slugify('  Rise & Crumb -- Sourdough!  ')).toBe('rise-crumb-sourdough');
    expect(slugify('5% Fat_Free Yoghurt')).toBe('5-fat-free-yoghurt');
  });

  it('cuts to the length without leaving a hyphen at the end', () => {
    expect(slugify(`${'a'.repeat(119)} b`)).toBe('a'.repeat(119));
    expect(slugify('ab cd', { maxLength: 3 })).toBe('ab');
    expect(slugify('x'.repeat(200))).toHaveLength(120);
  });

  it('falls back when no letter or digit is left', () => {
    expect(slugify('***')).toBe('item');
    expect(slugify('日本', { fallback: 'shop' })).toBe('shop');
  });
});

describe('freeSlug', () => {
  it("makes one from the name, numbered past the scope's slugs", async () => {
    expect(await freeSlug(undefined, 'Jam', scope('honey').taken)).toBe('jam');
    expect(await freeSlug(undefined, 'Jam', scope('jam', 'jam-2', 'jam-4').taken)).toBe('jam-3');
    expect(await freeSlug(undefined, '!!', scope('shop').taken, { fallback: 'shop' })).toBe('shop-2');
  });

  it('takes the given slug lower-cased, and refuses it with 409 slug_taken when used', async () => {
    const { taken, asked } = scope('jam');
    expect(await freeSlug('Summer-Jam', 'Jam', taken)).toBe('summer-jam');
    expect(asked).toEqual(['summer-jam']);
    const refusal = await freeSlug('JAM', 'Anything', taken).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      statusCode: 409,
      code: 'slug_taken',
      errors: { slug: ['That slug is already used.'] },
    });
  });
});

describe('slugRace', () => {
  it('answers a unique violation of the write with the same 409 as freeSlug', async () => {
    const raced = slugRace(async () => {
      throw Object.assign(new Error('Failed query'), { cause: { code: '23505' } });
    });
    await expect(raced).rejects.toMatchObject({ statusCode: 409, code: 'slug_taken' });
    await expect(slugRace(async () => 'saved')).resolves.toBe('saved');
  });
});
