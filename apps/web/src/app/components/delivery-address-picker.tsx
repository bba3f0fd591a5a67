// Mantine's styles load per component; this one only with the screens that use it.
import '@mantine/core/styles/RadioCard.layer.css';
import { Button, Group, Loader, Paper, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { normalisePostcode } from '@parade/core/postcode';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ErrorState } from '@/components/ui/states';
import { useAddresses } from '@/features/account/api/get-addresses';
import { AddressForm } from '@/features/account/components/address-form';
import { type PostcodeCheck, useDeliveryChecks } from '@/features/location/api/delivery-checks';
import { useLocationStore } from '@/features/location/stores/location-store';
import { useSession } from '@/lib/session-store';

const samePostcode = (a: string, b: string) => normalisePostcode(a) === normalisePostcode(b);

type SavedAddress = NonNullable<ReturnType<typeof useAddresses>['data']>[number];

export const addressLine = (address: SavedAddress) =>
  [address.name, address.line1, address.line2, address.city, address.postcode].filter(Boolean).join(', ');

/** Under an address: why it cannot be chosen, or that it is still being checked. */
function CheckNote({ check }: { check: PostcodeCheck | undefined }) {
  if (!check || check.state === 'allowed') return null;
  if (check.state === 'checking')
    return (
      <Group gap={6} mt={4}>
        <Loader size={12} aria-hidden />
        <Text size="xs">Checking we deliver there…</Text>
      </Group>
    );
  if (check.state === 'too-far')
    return (
      <Text size="xs" c="error.8" fw={700} mt={4}>
        We do not deliver here: {check.check.postcode} is {check.check.distance_miles} miles away (we deliver within{' '}
        {check.check.radius_miles} miles).
      </Text>
    );
  return (
    <Text size="xs" mt={4}>
      We could not check this postcode just now; it is checked again when you place the order.
    </Text>
  );
}

/**
 * Checkout's delivery address: one of the saved addresses, or a new one added to the address
 * book with the account's own form. The order goes to exactly the address chosen here, so every
 * address's postcode is checked: one outside the delivery area cannot be chosen, and the header's
 * location follows the chosen one (the server checks the same postcode again). Until the shopper
 * picks, the deliverable address with the postcode chosen in 'Choose Order Type' is preferred,
 * then the default one, then the first; when none is at that postcode, the picker says so (and a
 * new address starts with it), so the place never changes unannounced.
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
  // Focus follows the shopper's own press: into the new address's form when it opens (the button
  // pressed is gone, and the browser would put focus on the first saved address's radio), and
  // back to "Add a new address" when the form closes. Not when the page opens the form itself.
  const focusNext = useRef<'form' | 'button' | null>(null);
  const formBox = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const openForm = () => {
    focusNext.current = 'form';
    setAdding(true);
  };
  const closeForm = () => {
    focusNext.current = 'button';
    setAdding(false);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the form opens or closes
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next === 'form') formBox.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea')?.focus();
    else if (next === 'button') addButton.current?.focus();
  }, [adding]);
  const list = addresses.data ?? [];
  const checks = useDeliveryChecks(list.map((a) => a.postcode));
  const checkOf = (address: SavedAddress) => checks.get(normalisePostcode(address.postcode));
  const choosable = (address: SavedAddress) => checkOf(address)?.state !== 'too-far';
  const stillChecking = list.some((a) => checkOf(a)?.state === 'checking');
  const chooseDelivery = useLocationStore((s) => s.chooseDelivery);
  const headerLocation = useLocationStore((s) => s.selectedLocation);
  // The postcode chosen in 'Choose Order Type' as the page opened (the header then follows the address).
  const [askedPostcode] = useState(preferPostcode);
  const noneAtAsked =
    askedPostcode !== undefined && list.length > 0 && !list.some((a) => samePostcode(a.postcode, askedPostcode));

  useEffect(() => {
    if (!addresses.data) return;
    if (addresses.data.length === 0) {
      setAdding(true);
      if (value !== null) onChange(null);
      return;
    }
    // Preferences wait for the checks, so an address outside the area is never pre-chosen.
    if (stillChecking) return;
    const current = addresses.data.find((a) => a.id === value);
    if (current && choosable(current)) return;
    const candidates = addresses.data.filter(choosable);
    const preferred =
      (preferPostcode && candidates.find((a) => samePostcode(a.postcode, preferPostcode))) ||
      candidates.find((a) => a.is_default) ||
      candidates[0];
    onChange(preferred?.id ?? null);
  });

  // The header's location follows the chosen address, so the page never shows two places.
  const chosen = list.find((a) => a.id === value);
  const chosenCheck = chosen ? checkOf(chosen) : undefined;
  useEffect(() => {
    if (!chosen || chosenCheck?.state !== 'allowed') return;
    const postcode = chosenCheck.check.postcode;
    if (headerLocation?.type === 'delivery' && samePostcode(headerLocation.location.postcode, postcode)) return;
    chooseDelivery(postcode, `${chosen.line1}, ${postcode}`);
  }, [chosen, chosenCheck, headerLocation, chooseDelivery]);

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
              <Radio.Card
                key={address.id}
                value={String(address.id)}
                p="sm"
                radius="md"
                withBorder
                disabled={!choosable(address)}
                data-testid="delivery-address"
                style={choosable(address) ? undefined : { opacity: 0.75, cursor: 'not-allowed' }}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator aria-hidden mt={2} disabled={!choosable(address)} />
                  <div>
                    <Text fw={700}>{address.label || address.name}</Text>
                    <Text size="sm">{addressLine(address)}</Text>
                    <CheckNote check={checkOf(address)} />
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      {chosen && (
        <Text size="sm" data-testid="delivering-to" aria-live="polite">
          <Text span fw={700}>
            Your order goes to:
          </Text>{' '}
          {addressLine(chosen)}
        </Text>
      )}
      {noneAtAsked && chosen && (
        <Text size="sm" role="status" data-testid="not-at-chosen-postcode">
          None of your saved addresses is at {askedPostcode}, the postcode you chose, so your order goes to the address
          chosen above. To have it delivered at {askedPostcode}, add that address.
        </Text>
      )}
      {list.length > 0 && !stillChecking && !list.some(choosable) && (
        <Text c="error.8" fw={700} size="sm" role="alert">
          None of your saved addresses is in our delivery area. Add one that is, or choose collection.
        </Text>
      )}
      {list.length === 0 && problems.length > 0 && (
        <Text c="error.8" fw={700} size="sm" role="alert">
          {problems.join(' ')}
        </Text>
      )}
      {adding ? (
        <Paper withBorder p="md" radius="md" ref={formBox}>
          <Text fw={700} mb="sm">
            New delivery address
          </Text>
          <AddressForm
            defaults={{
              name: user?.name ?? '',
              phone: user?.phone ?? '',
              postcode: noneAtAsked ? askedPostcode : undefined,
            }}
            onSaved={(saved) => {
              onChange(saved.id);
              closeForm();
            }}
            onCancel={closeForm}
          />
        </Paper>
      ) : (
        <Button
          variant="light"
          color="secondary"
          leftSection={<IconPlus size={18} aria-hidden />}
          ref={addButton}
          onClick={openForm}
          style={{ alignSelf: 'flex-start' }}
        >
          Add a new address
        </Button>
      )}
    </Stack>
  );
}
