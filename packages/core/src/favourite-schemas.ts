/**
 * Favourites and "buy again" (api-contract.md: "Reviews and favourites"; docs/decisions/044).
 * A customer keeps products and shops; a past order's still-listable lines go back into the cart.
 */
import { z } from 'zod';
import type { NewCartLine } from './cart-lines';
import { cartItemSchema } from './cart-schemas';
import { productCardSchema } from './catalog-schemas';
import { idSchema } from './ids';
import { shopCardSchema } from './shop-schemas';

/**
 * POST and DELETE user/favourites: exactly one of `product_id` or `shop_id`. Idempotent: keeping
 * what is kept, or letting go of what is not, changes nothing and succeeds.
 */
export const favouriteFieldsSchema = z.object({ product_id: idSchema.optional(), shop_id: idSchema.optional() });
export const favouriteInputSchema = favouriteFieldsSchema.refine(
  (value) => (value.product_id === undefined) !== (value.shop_id === undefined),
  {
    message: 'Name either a product_id or a shop_id.',
    path: ['product_id'],
  },
);
export type FavouriteInput = z.input<typeof favouriteInputSchema>;

/**
 * GET user/favourites: the kept products that are still listed (as cards) and the kept shops
 * that are open, newest kept first; `product_ids` and `shop_ids` are every kept id, for hearts.
 */
export const favouritesSchema = z.object({
  products: z.array(productCardSchema),
  shops: z.array(shopCardSchema),
  product_ids: z.array(z.number().int()),
  shop_ids: z.array(z.number().int()),
});
export type Favourites = z.infer<typeof favouritesSchema>;

/** Why a line of a past order could not go back into the cart as it was. */
export const buyAgainReasons = ['unavailable', 'shop_on_holiday', 'out_of_stock', 'short'] as const;
export type BuyAgainReason = (typeof buyAgainReasons)[number];

/**
 * POST user/orders/{id}/buy-again: the cart lines to add, at today's prices (quantity as ordered,
 * or what is left in stock), and the lines left out or cut short, each named. Nothing is stored:
 * the cart is the browser's (spec: the cart lives in local storage).
 */
export const buyAgainSchema = z.object({
  lines: z.array(cartItemSchema),
  skipped: z.array(
    z.object({
      name: z.string(),
      reason: z.enum(buyAgainReasons),
      ordered: z.number().int(),
      added: z.number().int(),
    }),
  ),
  /** One sentence naming what was not added as ordered, or null when everything was. */
  message: z.string().nullable(),
});
export type BuyAgain = z.infer<typeof buyAgainSchema>;

/** The sentence of a buy-again reply: what was left out, and what was cut short. */
export function buyAgainMessage(skipped: BuyAgain['skipped']): string | null {
  if (skipped.length === 0) return null;
  const parts = skipped.map((line) => {
    if (line.reason === 'unavailable') return `${line.name} is no longer sold`;
    if (line.reason === 'shop_on_holiday') return `${line.name} cannot be ordered while its shop is on holiday`;
    if (line.reason === 'out_of_stock') return `${line.name} is out of stock`;
    return `${line.name}: only ${line.added} of the ${line.ordered} you ordered ${line.added === 1 ? 'is' : 'are'} in stock`;
  });
  return `${parts.join('; ')}.`;
}

/** A variation as it is today, for buying again. */
export interface BuyAgainVariation {
  line: NewCartLine;
  /** null = unlimited (digital). */
  stock: number | null;
  listable: boolean;
  shopOnHoliday: boolean;
}

/**
 * Which lines of a past order go back into the cart, and how many: each still-listable variation
 * at today's price, as many as were ordered or as are left in stock (a digital line once); the
 * rest named with why. A variation on two lines counts once, with both quantities.
 */
export function planBuyAgain(
  ordered: readonly { variationId: number | null; fullName: string; quantity: number }[],
  today: ReadonlyMap<number, BuyAgainVariation>,
): Omit<BuyAgain, 'message'> {
  const wanted = new Map<number | string, { variationId: number | null; fullName: string; quantity: number }>();
  for (const line of ordered) {
    const key = line.variationId ?? `gone:${line.fullName}`;
    const seen = wanted.get(key);
    wanted.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  const lines: BuyAgain['lines'] = [];
  const skipped: BuyAgain['skipped'] = [];
  for (const line of wanted.values()) {
    const now = line.variationId === null ? undefined : today.get(line.variationId);
    const skip = (reason: BuyAgainReason, added = 0) =>
      skipped.push({ name: now?.line.full_name ?? line.fullName, reason, ordered: line.quantity, added });
    if (!now || !now.listable) {
      skip('unavailable');
      continue;
    }
    if (now.shopOnHoliday) {
      skip('shop_on_holiday');
      continue;
    }
    const wantedQuantity = now.line.product.type === 'Digital' ? 1 : line.quantity;
    const quantity = now.stock === null ? wantedQuantity : Math.min(wantedQuantity, now.stock);
    if (quantity <= 0) {
      skip('out_of_stock');
      continue;
    }
    if (quantity < wantedQuantity) skip('short', quantity);
    lines.push({ ...now.line, quantity });
  }
  return { lines, skipped };
}
