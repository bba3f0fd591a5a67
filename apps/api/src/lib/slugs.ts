import { conflict } from './errors';
import { refusingDuplicates } from './pg-errors';

/**
 * Slugs for rows whose slug is unique in a scope (a shop's products, a product's variations,
 * the categories, brands, pages, blog posts, shops). The owning module queries its own table
 * for the slugs already used; the choice, the numbering and the 409 are written here once.
 */

/** How long a slug made from a name may be, and what it is when the name has no letter or digit. */
export interface SlugRule {
  maxLength?: number;
  fallback?: string;
}

/**
 * A slug from a name: lower case ASCII letters and digits joined by hyphens ("Crème Brûlée" ->
 * "creme-brulee"), at most `maxLength` characters (120 by default), else `fallback` ('item').
 */
export function slugify(name: string, { maxLength = 120, fallback = 'item' }: SlugRule = {}): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** The slugs already used in the scope that start with a prefix (the owning module's query). */
export type TakenSlugs = (prefix: string) => Promise<string[]>;

/** 409 slug_taken on the `slug` field. */
const slugTaken = () => conflict('That slug is already used.', { slug: ['That slug is already used.'] }, 'slug_taken');

/**
 * The slug to store: the one given, lower-cased (409 slug_taken when the scope already uses it),
 * or else one made from the name (slugify), numbered when used (`jam`, `jam-2`, `jam-3`, ...).
 */
export async function freeSlug(
  given: string | undefined,
  name: string,
  taken: TakenSlugs,
  rule?: SlugRule,
): Promise<string> {
  const base = given ? given.toLowerCase() : slugify(name, rule);
  const used = new Set(await taken(base));
  if (!used.has(base)) return base;
  if (given) throw slugTaken();
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Runs a write that stores a slug: when two writers race for one slug, the unique index refuses
 * the second, answered as the same 409 as freeSlug's check.
 */
export function slugRace<T>(work: () => Promise<T>): Promise<T> {
  return refusingDuplicates(work, slugTaken);
}
