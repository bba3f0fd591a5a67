import { toPence } from '@parade/core/money';
import type { Offer, VendorOfferCreate } from '@parade/core/offer-schemas';
import { poundsFromPence } from '@/lib/format';

/** An offer as its form holds it: pounds for money, local date-times as the inputs give them. */
export interface OfferValues {
  title: string;
  description: string;
  discount_type: 'percent' | 'fixed';
  /** Whole percent, or pounds for a fixed discount. */
  discount_value: number | string;
  min_spend: number | string;
  starts_at: string;
  ends_at: string;
  max_claims: number | string;
  max_claims_per_user: number | string;
  is_active: boolean;
  is_featured: boolean;
  qr_only: boolean;
  points_reward: number | string;
  terms: string;
  /** True when the shopkeeper removed the current picture (sent as `image: null`). */
  remove_image: boolean;
}

/** "2026-11-23T14:05:00Z" -> "2026-11-23T14:05" in the browser's zone, as <input type="datetime-local"> wants. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A new offer starts now and runs for four weeks: the common case, changed in two clicks. */
export function emptyOffer(now = new Date()): OfferValues {
  const fourWeeks = new Date(now.getTime() + 28 * 24 * 3600 * 1000);
  return {
    title: '',
    description: '',
    discount_type: 'percent',
    discount_value: 10,
    min_spend: '',
    starts_at: toLocalInput(now.toISOString()),
    ends_at: toLocalInput(fourWeeks.toISOString()),
    max_claims: '',
    max_claims_per_user: 1,
    is_active: true,
    is_featured: false,
    qr_only: false,
    points_reward: 0,
    terms: '',
    remove_image: false,
  };
}

export const offerValues = (offer: Offer): OfferValues => ({
  title: offer.title,
  description: offer.description,
  discount_type: offer.discount_type,
  discount_value: offer.discount_type === 'fixed' ? poundsFromPence(offer.discount_value) : offer.discount_value,
  min_spend: offer.min_spend ? poundsFromPence(offer.min_spend) : '',
  starts_at: toLocalInput(offer.starts_at),
  ends_at: toLocalInput(offer.ends_at),
  max_claims: offer.max_claims ?? '',
  max_claims_per_user: offer.max_claims_per_user,
  is_active: offer.is_active,
  is_featured: offer.is_featured,
  qr_only: offer.qr_only,
  points_reward: offer.points_reward,
  terms: offer.terms ?? '',
  remove_image: false,
});

const num = (value: number | string): number | null =>
  value === '' || Number.isNaN(Number(value)) ? null : Number(value);

/**
 * What the API takes: pence, ISO times (from the browser's local time), null for "no limit".
 * An unreadable number is left undefined so core's schema names the field.
 */
export function offerToWire(values: OfferValues): VendorOfferCreate {
  const discount = num(values.discount_value);
  const minSpend = num(values.min_spend);
  const perUser = num(values.max_claims_per_user);
  const points = num(values.points_reward);
  const isoOrText = (local: string) =>
    local && !Number.isNaN(Date.parse(local)) ? new Date(local).toISOString() : local;
  return {
    title: values.title,
    description: values.description,
    discount_type: values.discount_type,
    discount_value: (discount === null
      ? undefined
      : values.discount_type === 'fixed'
        ? toPence(discount)
        : discount) as number,
    min_spend: minSpend === null ? 0 : toPence(minSpend),
    starts_at: isoOrText(values.starts_at),
    ends_at: isoOrText(values.ends_at),
    max_claims: num(values.max_claims),
    max_claims_per_user: (perUser ?? undefined) as number,
    is_active: values.is_active,
    is_featured: values.is_featured,
    qr_only: values.qr_only,
    points_reward: points ?? 0,
    terms: values.terms.trim() ? values.terms : null,
    ...(values.remove_image ? { image: null } : {}),
  };
}
