// Mantine's styles load per component; this one only with the screens that use it.
import '@mantine/core/styles/RadioCard.layer.css';
import { Button, Group, Paper, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { normalisePostcode } from '@parade/core/postcode';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ErrorState } from '@/components/ui/states';
import { useAddresses } from '@/features/account/api/get-addresses';
import { AddressForm } from '@/features/account/components/address-form';
import { useSession } from '@/lib/session-store';

const samePostcode = (a: string, b: string) => normalisePostcode(a) === normalisePostcode(b);

/**
 * Checkout's delivery address: one of the saved addresses, or a new one added to the address
 * book with the account's own form. Until the shopper picks, the address with the postcode
 * chosen in 'Choose Order Type' is preferred, then the default one.
 */
export function DeliveryAddressPicker({
  value,
  onChange,
  preferPostcode,
  problems,
}: {
  value: number | null;
  onChange: (addressId: number | null) => void;
  preferPostcode?: string;
  problems: string[];
}) {
  const addresses = useAddresses();
  const user = useSession().user;
  const [adding, setAdding] = useState(false);
  const list = addresses.data ?? [];

  useEffect(() => {
    if (!addresses.data) return;
    if (value !== null && addresses.data.some((a) => a.id === value)) return;
    const preferred =
      (preferPostcode && addresses.data.find((a) => samePostcode(a.postcode, preferPostcode))) ||
      addresses.data.find((a) => a.is_default) ||
      addresses.data[0];
    onChange(preferred?.id ?? null);
    if (addresses.data.length === 0) setAdding(true);
  }, [addresses.data, value, preferPostcode, onChange]);

  if (addresses.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading your addresses">
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  }
  if (addresses.isError) return <ErrorState message={addresses.error.message} onRetry={() => addresses.refetch()} />;

  return (
    <Stack gap="sm">
      {list.length > 0 && (
        <Radio.Group
          value={value === null ? null : String(value)}
          onChange={(id) => onChange(Number(id))}
          label="Delivery address"
          name="address_id"
          error={problems.length > 0 ? problems.join(' ') : undefined}
          errorProps={{ fw: 700, c: 'error.8' }}
        >
          <Stack gap="xs" mt="xs">
            {list.map((address) => (
              <Radio.Card key={address.id} value={String(address.id)} p="sm" radius="md" withBorder>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator aria-hidden mt={2} />
                  <div>
                    <Text fw={700}>{address.label || address.name}</Text>
                    <Text size="sm">
                      {[address.name, address.line1, address.line2, address.city, address.postcode]
                        .filter(Boolean)
                        .join(', ')}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      {list.length === 0 && problems.length > 0 && (
        <Text c="error.8" fw={700} size="sm" role="alert">
          {problems.join(' ')}
        </Text>
      )}
      {adding ? (
        <Paper withBorder p="md" radius="md">
          <Text fw={700} mb="sm">
            New delivery address
          </Text>
          <AddressForm
            defaults={{ name: user?.name ?? '', phone: user?.phone ?? '' }}
            onSaved={(saved) => {
              onChange(saved.id);
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        </Paper>
      ) : (
        <Button
          variant="light"
          color="secondary"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setAdding(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          Add a new address
        </Button>
      )}
    </Stack>
  );
}
