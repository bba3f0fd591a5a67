import { isWholePence, toPence, WHOLE_PENCE_MESSAGE } from '@parade/core/money';
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
  /**
   * The VAT rate as the select holds it ('0', '5', '20'); '' on a new variation until its
   * merchant picks one: it is then not sent, and the API gives it its category's rate, which the
   * select shows meanwhile (so a new product's variations follow the category chosen).
   */
  vat_rate: string;
}

export const emptyVariation = (unlimited = false): VariationValues => ({
  name: '',
  sku: '',
  price: '',
  stock: unlimited ? '' : 0,
  unlimited,
  is_active: true,
  vat_rate: '',
});

export const variationValues = (variation: VendorVariation): VariationValues => ({
  name: variation.name,
  sku: variation.sku ?? '',
  price: poundsFromPence(variation.price),
  stock: variation.stock ?? '',
  unlimited: variation.stock === null,
  is_active: variation.is_active,
  vat_rate: String(variation.vat_rate),
});

const numberOrUndefined = (value: number | string): number | undefined =>
  value === '' || Number.isNaN(Number(value)) ? undefined : Number(value);

/** What the API takes: pence, stock null when unlimited, no SKU as null, the VAT rate when one was picked. */
export function variationToWire(values: VariationValues): VendorVariationCreate {
  const pounds = numberOrUndefined(values.price);
  return {
    name: values.name,
    sku: values.sku.trim() === '' ? null : values.sku.trim(),
    price: pounds === undefined ? (undefined as unknown as number) : toPence(pounds),
    stock: values.unlimited ? null : (numberOrUndefined(values.stock) ?? 0),
    is_active: values.is_active,
    ...(values.vat_rate === '' ? {} : { vat_rate: Number(values.vat_rate) as VendorVariationCreate['vat_rate'] }),
  };
}

/** The messages zod gives a missing number are for programmers; a shopkeeper reads these instead. */
export function variationFieldMessages(values: VariationValues, prefix = ''): Record<string, string> {
  const errors: Record<string, string> = {};
  const pounds = numberOrUndefined(values.price);
  if (pounds === undefined) errors[`${prefix}price`] = 'Enter a price in pounds, e.g. 1.20.';
  else if (!isWholePence(pounds)) errors[`${prefix}price`] = WHOLE_PENCE_MESSAGE;
  else if (toPence(pounds) < 1) errors[`${prefix}price`] = 'A price must be at least £0.01.';
  return errors;
}
