import { isWholePence, WHOLE_PENCE_MESSAGE } from '@parade/core/money';

/**
 * The money fields (typed in pounds) of a form that hold more than whole pence, each with core's
 * message. The contract's "Prices": nothing is clamped silently, so the merchant site's money
 * inputs keep what was typed (no two-decimal mask, which turned a pasted 1.239 into £1.23) and
 * this check says why 1.234 cannot be saved. Empty fields are left to the form's other checks.
 */
export function wholePenceErrors<V extends object>(values: V, fields: (keyof V & string)[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value: unknown = values[field];
    const typed = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '');
    if (typed && !isWholePence(value as number | string)) errors[field] = WHOLE_PENCE_MESSAGE;
  }
  return errors;
}
