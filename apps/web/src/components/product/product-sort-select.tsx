import { NativeSelect } from '@mantine/core';
import type { SortOption } from '@parade/core/catalog';

/** The five sort options of spec section 4, and Top rated, in words. */
export const sortLabels: Record<SortOption, string> = {
  sortNew: 'Newest first',
  sortOld: 'Oldest first',
  sortLowPrice: 'Price: low to high',
  sortHighPrice: 'Price: high to low',
  sortBestSelling: 'Best selling',
  sortTopRated: 'Top rated',
};

export function ProductSortSelect({ value, onChange }: { value: SortOption; onChange: (sort: SortOption) => void }) {
  return (
    <NativeSelect
      label="Sort by"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as SortOption)}
      data={Object.entries(sortLabels).map(([option, label]) => ({ value: option, label }))}
      size="md"
    />
  );
}
