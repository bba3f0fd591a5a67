import type { FastifyRequest } from 'fastify';

/** A whole number given as query text, between min and max (the contract's, from @parade/core). */
export { wholeNumber } from '@parade/core/catalog-schemas';

const BRACKETED = /^(\w+)\[(\d*)\]$/;

const asList = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Fastify's query parser leaves `category[0]=a&category[1]=b` as two keys named with brackets.
 * This preValidation hook folds `name[i]` / `name[]` keys (in index order) and a plain or
 * repeated `name` into one list, for the keys given, and drops empty values so that an empty
 * filter means no filter. A bracketed key of any other name counts as its plain name
 * (`shop[]=a`, `page[0]=2`), not as a field nobody knows (which answered the whole catalogue),
 * and given twice it is refused like a repeated plain key. Other routes keep the default parsing.
 */
export function foldListParams(listKeys: readonly string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const folded: Record<string, unknown> = {};
    const indexed = new Map<string, { index: number; order: number; value: unknown }[]>();
    let order = 0;
    for (const [key, value] of Object.entries(raw)) {
      const values = (Array.isArray(value) ? value : [value]).filter((item) => item !== '');
      const match = BRACKETED.exec(key);
      if (match?.[1] && listKeys.includes(match[1])) {
        const list = indexed.get(match[1]) ?? [];
        const index = match[2] === '' ? Number.MAX_SAFE_INTEGER : Number(match[2]);
        for (const item of values) list.push({ index, order: order++, value: item });
        indexed.set(match[1], list);
      } else if (values.length > 0) {
        // Any other key, plain or bracketed (`shop[]=a` is `shop=a`): one value, or a list when
        // given more than once, which a field of one value refuses (422) rather than picking one.
        const name = match?.[1] ?? key;
        const all = [...asList(folded[name]), ...values];
        folded[name] = all.length === 1 ? all[0] : all;
      }
    }
    for (const key of listKeys) {
      const plain = folded[key];
      const items: unknown[] = plain === undefined ? [] : Array.isArray(plain) ? [...plain] : [plain];
      const bracketed = (indexed.get(key) ?? []).sort((a, b) => a.index - b.index || a.order - b.order);
      items.push(...bracketed.map((entry) => entry.value));
      const nonEmpty = items.filter((item) => item !== '');
      if (nonEmpty.length > 0) folded[key] = nonEmpty;
      else delete folded[key];
    }
    request.query = folded;
  };
}

/** Drops empty query values (`?brand=&page=`), so that an empty filter means no filter. */
export async function dropEmptyParams(request: FastifyRequest): Promise<void> {
  const raw = (request.query ?? {}) as Record<string, unknown>;
  request.query = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
}
