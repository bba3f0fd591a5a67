import type { VendorProduct } from '@parade/core/vendor-schemas';
import { formatMoney } from '@/lib/format';

/** "£1.20" or "£1.20 – £3.40" over the product's variations. */
export function priceSummary(product: VendorProduct): string {
  const prices = product.variations.map((v) => v.price);
  if (prices.length === 0) return '—';
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max ? formatMoney(min) : `${formatMoney(min)} – ${formatMoney(max)}`;
}

/** Stock over the variations: "Unlimited" when any is unlimited (digital). */
export function stockSummary(product: VendorProduct): string {
  if (product.variations.length === 0) return '—';
  if (product.variations.some((v) => v.stock === null)) return 'Unlimited';
  return String(product.variations.reduce((sum, v) => sum + (v.stock ?? 0), 0));
}

/** Published and listed, published but not listed (no active variation), or a draft. */
export function listingStatus(product: VendorProduct): 'active' | 'draft' | 'pending' {
  if (!product.is_active) return 'draft';
  return product.listed ? 'active' : 'pending';
}
