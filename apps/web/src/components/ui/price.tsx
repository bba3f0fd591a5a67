import { Group, Text, type TextProps, VisuallyHidden } from '@mantine/core';
import { useFormatMoney } from '@/lib/format';

/** Currency sign plus amount, bold; a higher compare-at price is struck through beside it. */
export function Price({
  pence,
  compareAt,
  size = 'md',
  ...textProps
}: { pence: number; compareAt?: number | null; size?: TextProps['size'] } & Omit<TextProps, 'size'>) {
  const formatMoney = useFormatMoney();
  const reduced = compareAt != null && compareAt > pence;
  return (
    <Group gap={8} wrap="nowrap" align="baseline">
      <Text component="span" fw={800} size={size} c={reduced ? 'error.7' : undefined} {...textProps}>
        {reduced && <VisuallyHidden>Now </VisuallyHidden>}
        {formatMoney(pence)}
      </Text>
      {reduced && (
        <Text component="s" size="sm" c="dimmed">
          <VisuallyHidden>Was </VisuallyHidden>
          {formatMoney(compareAt)}
        </Text>
      )}
    </Group>
  );
}
