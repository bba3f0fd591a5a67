import { toPence } from '@parade/core/money';
import type { VendorVariation, VendorVariationCreate } from '@parade/core/vendor-schemas';
import { poundsFromPence } from '@/lib/format';

/** A variation as its form holds it: the price in pounds (what a shopkeeper types), stock '' for none typed yet. */
export interface VariationValues {
  name: string;
  sku: string;
  price: number | string;
  stock: number | string;
  /** Unlimited stock (digital goods): sent as stock null. */
  unlimited: boolean;
  is_active: boolean;
}

export const emptyVariation = (unlimited = false): VariationValues => ({
  name: '',
  sku: '',
  price: '',
  stock: unlimited ? '' : 0,
  unlimited,
  is_active: true,
});

export const variationValues = (variation: VendorVariation): VariationValues => ({
  name: variation.name,
  sku: variation.sku ?? '',
  price: poundsFromPence(variation.price),
  stock: variation.stock ?? '',
  unlimited: variation.stock === null,
  is_active: variation.is_active,
});

const numberOrUndefined = (value: number | string): number | undefined =>
  value === '' || Number.isNaN(Number(value)) ? undefined : Number(value);

/** What the API takes: pence, stock null when unlimited, no SKU as null. */
export function variationToWire(values: VariationValues): VendorVariationCreate {
  const pounds = numberOrUndefined(values.price);
  return {
    name: values.name,
    sku: values.sku.trim() === '' ? null : values.sku.trim(),
    price: pounds === undefined ? (undefined as unknown as number) : toPence(pounds),
    stock: values.unlimited ? null : (numberOrUndefined(values.stock) ?? 0),
    is_active: values.is_active,
  };
}

/** The messages zod gives a missing number are for programmers; a shopkeeper reads these instead. */
export function variationFieldMessages(values: VariationValues, prefix = ''): Record<string, string> {
  const errors: Record<string, string> = {};
  const pounds = numberOrUndefined(values.price);
  if (pounds === undefined) errors[`${prefix}price`] = 'Enter a price in pounds, e.g. 1.20.';
  else if (toPence(pounds) < 1) errors[`${prefix}price`] = 'A price must be at least £0.01.';
  return errors;
}
