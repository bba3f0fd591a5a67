import { ActionIcon, Group } from '@mantine/core';
import { MAX_LINE_QUANTITY } from '@parade/core/cart';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { WholeNumberInput } from '@/components/form/whole-number-input';

/**
 * Spec section 5: min 0, max 9999, step 1, at most 4 digits. A typed 0 removes the line; the
 * Decrease button lowers the quantity "by one while above 1" (spec section 3) and is off at 1,
 * so a tap never deletes a line (the line's own remove button does). The buttons change the cart
 * at once; typed digits are kept as a draft until Enter or leaving the box, so typing "12" is one
 * change, not two. The buttons are 44 px, a touch target (ui-and-demo.md).
 */
export function QuantityStepper({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange(quantity: number): void;
  /** Accessible name, e.g. "Quantity of Bramley apples 1kg". */
  label: string;
}) {
  const [draft, setDraft] = useState<number | string>(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    const typed = typeof draft === 'number' ? draft : Number.parseInt(draft, 10);
    if (Number.isFinite(typed) && typed !== value) onChange(typed);
    else setDraft(value);
  };
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size={44}
        aria-label={`Decrease ${label}`}
        disabled={value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
      >
        <IconMinus size={16} />
      </ActionIcon>
      <WholeNumberInput
        aria-label={label}
        value={draft}
        min={0}
        max={MAX_LINE_QUANTITY}
        maxLength={4}
        w={64}
        styles={{ input: { textAlign: 'center' } }}
        onChange={setDraft}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      <ActionIcon
        variant="default"
        size={44}
        aria-label={`Increase ${label}`}
        disabled={value >= MAX_LINE_QUANTITY}
        onClick={() => onChange(Math.min(MAX_LINE_QUANTITY, value + 1))}
      >
        <IconPlus size={16} />
      </ActionIcon>
    </Group>
  );
}
