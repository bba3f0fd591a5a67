import { TextInput, type TextInputProps, UnstyledButton } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import classes from './whole-number-input.module.css';

export interface WholeNumberInputProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'rightSection' | 'inputMode'> {
  /** The number, or '' while the box is empty. */
  value: number | string;
  onChange: (value: number | '') => void;
  min: number;
  max: number;
  /** Up and down buttons at the right edge. */
  withControls?: boolean;
}

function Chevron({ up }: { up?: boolean }) {
  return (
    <svg
      viewBox="0 0 15 15"
      fill="none"
      aria-hidden
      className={up ? `${classes.chevron} ${classes.up}` : classes.chevron}
    >
      <path
        d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * A whole number from `min` to `max` (a quantity): digits only, and a keystroke that would leave
 * the range is refused, as Mantine's NumberInput does with clampBehavior "strict"; arrow keys
 * and the optional buttons step by one. It is Mantine's TextInput with the NumberInput's look,
 * without its number-formatting library (about 9 KB of a product page's first load, decision 039).
 */
export function WholeNumberInput({
  value,
  onChange,
  min,
  max,
  withControls = false,
  disabled,
  readOnly,
  onKeyDown,
  ...others
}: WholeNumberInputProps) {
  const current = typeof value === 'number' ? value : Number.parseInt(value, 10);
  const known = Number.isFinite(current);
  const step = (by: 1 | -1) => {
    const next = known ? Math.min(max, Math.max(min, current + by)) : min;
    if (next !== value) onChange(next);
  };
  const onArrow = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (readOnly || disabled || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    step(event.key === 'ArrowUp' ? 1 : -1);
  };
  const controls = withControls && !readOnly && (
    <div className={classes.controls}>
      <UnstyledButton
        className={classes.control}
        tabIndex={-1}
        aria-hidden
        disabled={disabled || (known && current >= max)}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => step(1)}
      >
        <Chevron up />
      </UnstyledButton>
      <UnstyledButton
        className={classes.control}
        tabIndex={-1}
        aria-hidden
        disabled={disabled || (known && current <= min)}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => step(-1)}
      >
        <Chevron />
      </UnstyledButton>
    </div>
  );
  return (
    <TextInput
      {...others}
      inputMode="numeric"
      value={String(value)}
      disabled={disabled}
      readOnly={readOnly}
      onKeyDown={onArrow}
      onChange={(event) => {
        const text = event.currentTarget.value;
        if (text === '') return onChange('');
        if (!/^\d+$/.test(text)) return;
        const typed = Number(text);
        if (typed >= min && typed <= max) onChange(typed);
      }}
      rightSection={controls || undefined}
      rightSectionWidth={controls ? 24 : undefined}
      rightSectionPointerEvents={controls ? (disabled ? 'none' : 'all') : undefined}
    />
  );
}
