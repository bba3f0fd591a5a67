/**
 * A shop on holiday takes no new orders (checkout answers 409 `shop_on_holiday`). The storefront
 * and the checkout's refusal say so in the same words: the shop's own message when it wrote one,
 * else a sentence naming the shop.
 */
export function holidayNotice(shop: {
  name: string;
  holiday_mode?: boolean;
  holiday_message?: string | null;
}): string | null {
  if (!shop.holiday_mode) return null;
  return shop.holiday_message?.trim() || `${shop.name} is on holiday and not taking orders at the moment.`;
}
