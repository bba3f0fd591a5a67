import type { FastifyRequest } from 'fastify';

/** A whole number given as query text, between min and max (the contract's, from @parade/core). */
export { wholeNumber } from '@parade/core/catalog-schemas';

const BRACKETED = /^(\w+)\[(\d*)\]$/;

/**
 * Fastify's query parser leaves `category[0]=a&category[1]=b` as two keys named with brackets.
 * This preValidation hook folds `name[i]` / `name[]` keys (in index order) and a plain or
 * repeated `name` into one list, for the keys given, and drops empty values so that an empty
 * filter means no filter. Other routes keep the default parsing.
 */
export function foldListParams(listKeys: readonly string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const folded: Record<string, unknown> = {};
    const indexed = new Map<string, { index: number; order: number; value: unknown }[]>();
    let order = 0;
    for (const [key, value] of Object.entries(raw)) {
      const match = BRACKETED.exec(key);
      if (match?.[1] && listKeys.includes(match[1])) {
        const list = indexed.get(match[1]) ?? [];
        const index = match[2] === '' ? Number.MAX_SAFE_INTEGER : Number(match[2]);
        for (const item of Array.isArray(value) ? value : [value]) list.push({ index, order: order++, value: item });
        indexed.set(match[1], list);
      } else if (value !== '') {
        folded[key] = value;
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
