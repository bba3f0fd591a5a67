import { Box, Group, Stack, Text } from '@mantine/core';
import type { PriceRange } from '@parade/core/catalog-dto';
import { lazy, useEffect, useId, useState } from 'react';
import { AfterHydration } from '@/components/layout/after-hydration';
import { useFormatMoney } from '@/lib/format';

const PriceRangeSlider = lazy(async () => ({ default: (await import('./price-range-slider')).PriceRangeSlider }));

/** The slider's track, drawn until its code has loaded: the slider's size (Mantine's md, 16 px), no thumbs. */
const sliderPlaceholder = (
  <Box mx={12} mb="sm" h={16} px={8} style={{ display: 'flex', alignItems: 'center' }} aria-hidden>
    <Box h={8} w="100%" bg="gray.2" style={{ borderRadius: 1000 }} />
  </Box>
);

/** Spec section 9: the slider starts at 0..1 until the list's price range arrives. */
const INITIAL_RANGE: PriceRange = { min: 0, max: 1 };

/**
 * A price range filter in pence: its label, the chosen range in words and the slider, which
 * loads after hydration (price-range-slider.tsx; its track is drawn until then). The chosen range
 * is reported only when the shopper lets go (or stops pressing arrow keys), and as "no filter"
 * (undefined) when it equals the full range, so the request carries a price filter only when it
 * differs from the default.
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

  const commit = ([low, high]: [number, number]) =>
    onChange(low > bounds.min ? low : undefined, high < bounds.max ? high : undefined);

  const disabled = !range || range.max <= range.min;
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
      <AfterHydration placeholder={sliderPlaceholder}>
        <PriceRangeSlider
          labelId={labelId}
          bounds={bounds}
          value={value}
          disabled={disabled}
          onChange={setValue}
          onCommit={commit}
        />
      </AfterHydration>
    </Stack>
  );
}

function clamp(value: number, { min, max }: PriceRange): number {
  return Math.min(Math.max(value, min), max);
}
