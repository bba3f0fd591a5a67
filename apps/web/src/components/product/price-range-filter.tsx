import { Group, RangeSlider, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { PriceRange } from '@parade/core/catalog-dto';
import { useEffect, useId, useState } from 'react';
import { useFormatMoney } from '@/lib/format';

/** Spec section 9: the slider starts at 0..1 until the list's price range arrives. */
const INITIAL_RANGE: PriceRange = { min: 0, max: 1 };

/**
 * A price range slider in pence. The chosen range is reported only when the shopper lets go
 * (or stops pressing arrow keys), and as "no filter" (undefined) when it equals the full range,
 * so the request carries a price filter only when it differs from the default.
 */
export function PriceRangeFilter({
  range,
  minPrice,
  maxPrice,
  onChange,
}: {
  range: PriceRange | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  onChange: (minPrice: number | undefined, maxPrice: number | undefined) => void;
}) {
  const formatMoney = useFormatMoney();
  const labelId = useId();
  const bounds = range && range.max > range.min ? range : (range ?? INITIAL_RANGE);
  const chosen = (): [number, number] => [clamp(minPrice ?? bounds.min, bounds), clamp(maxPrice ?? bounds.max, bounds)];
  const [value, setValue] = useState<[number, number]>(chosen);

  // The URL or the range changed elsewhere (new category, back button): follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosen() reads exactly these inputs
  useEffect(() => setValue(chosen()), [minPrice, maxPrice, bounds.min, bounds.max]);

  const commit = useDebouncedCallback(([low, high]: [number, number]) => {
    onChange(low > bounds.min ? low : undefined, high < bounds.max ? high : undefined);
  }, 350);

  const disabled = !range || range.max <= range.min;
  const step = Math.max(1, Math.round((bounds.max - bounds.min) / 100));
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text id={labelId} fw={600} size="sm">
          Price
        </Text>
        <Text size="sm" c="dimmed" data-testid="price-range-value">
          {formatMoney(value[0])} – {formatMoney(value[1])}
        </Text>
      </Group>
      <RangeSlider
        aria-labelledby={labelId}
        min={bounds.min}
        max={bounds.max}
        step={step}
        minRange={0}
        value={value}
        onChange={setValue}
        onChangeEnd={commit}
        disabled={disabled}
        label={formatMoney}
        thumbFromLabel="Minimum price"
        thumbToLabel="Maximum price"
        thumbValueText={formatMoney}
        thumbSize={24}
        size="md"
        mx={12}
        mb="sm"
      />
    </Stack>
  );
}

function clamp(value: number, { min, max }: PriceRange): number {
  return Math.min(Math.max(value, min), max);
}
