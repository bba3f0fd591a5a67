import { RangeSlider } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { PriceRange } from '@parade/core/catalog-dto';
import { useFormatMoney } from '@/lib/format';

/**
 * The price range filter's two-thumb slider, in pence. It loads after the page has hydrated
 * (price-range-filter.tsx draws a track of its size until then). The chosen range is reported
 * only when the shopper lets go (or stops pressing arrow keys).
 */
export function PriceRangeSlider({
  labelId,
  bounds,
  value,
  disabled,
  onChange,
  onCommit,
}: {
  labelId: string;
  bounds: PriceRange;
  value: [number, number];
  disabled: boolean;
  onChange: (value: [number, number]) => void;
  onCommit: (value: [number, number]) => void;
}) {
  const formatMoney = useFormatMoney();
  const commit = useDebouncedCallback(onCommit, 350);
  const step = Math.max(1, Math.round((bounds.max - bounds.min) / 100));
  return (
    <RangeSlider
      aria-labelledby={labelId}
      min={bounds.min}
      max={bounds.max}
      step={step}
      minRange={0}
      value={value}
      onChange={onChange}
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
  );
}
