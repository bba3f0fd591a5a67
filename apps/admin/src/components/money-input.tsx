import { NumberInput, type NumberInputProps } from '@mantine/core';
import { isWholePence } from '@parade/core/money';

/**
 * An amount of money typed in pounds. It keeps what was typed, with no two-decimal mask (the mask
 * turned a pasted 1.239 into £1.23 without a word; the contract's "Prices": nothing is clamped
 * silently), and the form's check says why 1.234 cannot be saved (`wholePenceErrors`). An amount
 * of whole pence is written out with its pence when the field is left: 4.5 reads £4.50.
 */
export function MoneyInput({ onBlur, ...props }: NumberInputProps) {
  return (
    <NumberInput
      prefix="£"
      {...props}
      onBlur={(event) => {
        onBlur?.(event);
        const { value, onChange } = props;
        const typed = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '');
        if (!typed || !isWholePence(value)) return;
        const withPence = Number(value).toFixed(2);
        if (withPence !== String(value)) onChange?.(withPence);
      }}
    />
  );
}
