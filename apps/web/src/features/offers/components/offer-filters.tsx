import { Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { PublicOfferStatus } from '@parade/core/offer-schemas';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** The public status filter in words; `live` (running now, full ones included) is the API's default. */
export const offerStatusOptions: { value: PublicOfferStatus; label: string }[] = [
  { value: 'live', label: 'Running now' },
  { value: 'active', label: 'Can be claimed' },
  { value: 'upcoming', label: 'Coming soon' },
  { value: 'full', label: 'All claimed' },
  { value: 'ended', label: 'Ended' },
  { value: 'all', label: 'All offers' },
];

export interface OfferFilterValues {
  status: PublicOfferStatus;
  featured: boolean;
  search: string;
}

/**
 * Spec section 3's offer filters (status, featured, search; the page is the list's). Typing
 * searches after a pause, as the product search does, so each letter is not a request.
 */
export function OfferFilters({
  values,
  onChange,
}: {
  values: OfferFilterValues;
  onChange: (next: Partial<OfferFilterValues>) => void;
}) {
  const [text, setText] = useState(values.search);
  // The URL is the truth: going back (or clearing) puts its search in the box.
  useEffect(() => setText(values.search), [values.search]);
  const searchLater = useDebouncedCallback((value: string) => onChange({ search: value.trim() }), 500);

  return (
    <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Filter offers">
      <TextInput
        type="search"
        label="Search offers"
        placeholder="e.g. coffee"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          searchLater(event.currentTarget.value);
        }}
        leftSection={<IconSearch size={16} aria-hidden />}
        size="md"
        style={{ flex: '1 1 220px' }}
        maxLength={100}
      />
      <NativeSelect
        label="Show"
        size="md"
        value={values.status}
        onChange={(event) => onChange({ status: event.currentTarget.value as PublicOfferStatus })}
        data={offerStatusOptions}
        style={{ flex: '0 1 200px' }}
      />
      <Checkbox
        label="Featured only"
        size="md"
        checked={values.featured}
        onChange={(event) => onChange({ featured: event.currentTarget.checked })}
        mb={10}
      />
    </Group>
  );
}
