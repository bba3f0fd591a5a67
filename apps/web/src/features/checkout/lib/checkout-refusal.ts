import { messages } from '@parade/core/messages';
import { ApiError } from '@parade/ui/api-errors';

/**
 * A refused checkout, sorted by what each message is about, so the screen can show it next to
 * the line, the shop or the field it names. The envelope's message goes to the form's alert.
 */
export interface CheckoutRefusal {
  message: string;
  code?: string;
  /** By variation id (the envelope names lines `items.<index>` of the body sent). */
  lines: Record<number, string[]>;
  /** By shop id: `coupons.<shop_id>` and `reward_points.<shop_id>`. */
  shops: Record<number, string[]>;
  /** The delivery address (`address`, `address_id`, `address.*`). */
  address: string[];
  /** The collection point or the order type (`collection_point`, `order_type`). */
  location: string[];
  /** Anything else the envelope named (`payment_method`, `note`, `items`). */
  other: string[];
}

const push = <K extends string | number>(into: Record<K, string[]>, key: K, list: string[]) => {
  into[key] = [...(into[key] ?? []), ...list];
};

/** Sorts an error from place-order; `variationIds[i]` is the variation of line `i` of the body. */
export function checkoutRefusal(error: unknown, variationIds: number[]): CheckoutRefusal {
  const refusal: CheckoutRefusal = {
    message: messages.genericError,
    lines: {},
    shops: {},
    address: [],
    location: [],
    other: [],
  };
  if (!(error instanceof ApiError)) return refusal;
  refusal.message = error.message;
  refusal.code = error.code;
  for (const [field, list] of Object.entries(error.errors)) {
    const [head, rest] = [field.split('.')[0], field.split('.').slice(1).join('.')];
    const index = Number(rest.split('.')[0]);
    if (head === 'items' && rest !== '' && Number.isInteger(index) && variationIds[index] !== undefined) {
      push(refusal.lines, variationIds[index], list);
    } else if ((head === 'coupons' || head === 'reward_points') && /^\d+$/.test(rest)) {
      push(refusal.shops, Number(rest), list);
    } else if (head === 'address' || head === 'address_id') {
      refusal.address.push(...list);
    } else if (head === 'collection_point' || head === 'order_type') {
      refusal.location.push(...list);
    } else {
      refusal.other.push(...list);
    }
  }
  // Refusals that name no field still belong somewhere the shopper is looking.
  if (refusal.code === 'delivery_out_of_range' || refusal.code === 'delivery_address_required') {
    if (refusal.address.length === 0) refusal.address.push(refusal.message);
  }
  if (refusal.code === 'collection_point_invalid' && refusal.location.length === 0) {
    refusal.location.push(refusal.message);
  }
  return refusal;
}

/** True when nothing in the refusal names a line, shop or field: only the alert explains it. */
export const refusalHasDetails = (refusal: CheckoutRefusal) =>
  Object.keys(refusal.lines).length + Object.keys(refusal.shops).length > 0 ||
  refusal.address.length + refusal.location.length + refusal.other.length > 0;
