import { NativeSelect } from '@mantine/core';
import { useVendors } from '../api/get-vendors';

/** Filter by shop: "All shops" or one of them. */
export function ShopSelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (shop: string | undefined) => void;
}) {
  const vendors = useVendors();
  return (
    <NativeSelect
      label="Shop"
      size="md"
      value={value ?? ''}
      disabled={vendors.isPending}
      onChange={(event) => onChange(event.currentTarget.value || undefined)}
      data={[
        { value: '', label: 'All shops' },
        ...(vendors.data ?? []).map((vendor) => ({ value: vendor.slug, label: vendor.name })),
        // A shop from a shared link that is not in the list (yet) still shows as chosen.
        ...(value && vendors.data && !vendors.data.some((v) => v.slug === value) ? [{ value, label: value }] : []),
      ]}
    />
  );
}
