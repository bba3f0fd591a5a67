import { Badge, Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AddressDto } from '@parade/core/auth-schemas';
import { messages } from '@parade/core/messages';
import { ApiError } from '@parade/ui/api-errors';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '@/components/ui/notify';
import { ErrorState, NothingHere, placeholderKeys } from '@/components/ui/states';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { useMakeDefaultAddress } from '../api/make-default-address';
import { AddressForm } from './address-form';

type Editing = { mode: 'new' } | { mode: 'edit'; address: AddressDto } | null;

const failure = (error: unknown) => (error instanceof ApiError ? error.message : messages.genericError);

/** The signed-in user's saved addresses: list, add, edit, delete, make default. */
export function AddressBook({ defaults }: { defaults?: { name: string; phone: string } }) {
  const addresses = useAddresses();
  const makeDefault = useMakeDefaultAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AddressDto | null>(null);
  const phone = useMediaQuery('(max-width: 36em)');

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ mode: 'new' })}>
      Add address
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2} fz="h3">
          Addresses
        </Title>
        {addresses.data && addresses.data.length > 0 && addButton}
      </Group>

      {addresses.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} aria-hidden>
          {placeholderKeys(2).map((key) => (
            <Skeleton key={key} height={150} radius="md" />
          ))}
        </SimpleGrid>
      ) : addresses.isError ? (
        <ErrorState message={addresses.error.message} onRetry={() => addresses.refetch()} />
      ) : addresses.data.length === 0 ? (
        <NothingHere
          title="No saved addresses yet"
          description="Add your delivery address once and choose it at checkout."
          action={addButton}
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {addresses.data.map((address) => (
            <Card
              key={address.id}
              withBorder
              radius="md"
              padding="md"
              component="li"
              aria-label={`${address.label} address`}
            >
              <Stack gap={6} h="100%">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={6} wrap="nowrap" miw={0}>
                    <IconMapPin size={18} aria-hidden />
                    <Text fw={700} truncate="end">
                      {address.label}
                    </Text>
                  </Group>
                  {address.is_default && (
                    <Badge color="accent" variant="light">
                      Default
                    </Badge>
                  )}
                </Group>
                <Text size="sm">
                  {address.name}
                  <br />
                  {address.line1}
                  {address.line2 && (
                    <>
                      <br />
                      {address.line2}
                    </>
                  )}
                  <br />
                  {address.city} {address.postcode}
                  <br />
                  {address.phone}
                </Text>
                <Group gap="xs" mt="auto" pt="xs">
                  {/* Each button names its address: a screen reader's list of buttons reads
                      "Edit Home address", not "Edit, Delete, Edit". */}
                  <Button
                    size="sm"
                    variant="light"
                    aria-label={`Edit ${address.label} address`}
                    onClick={() => setEditing({ mode: 'edit', address })}
                  >
                    Edit
                  </Button>
                  {!address.is_default && (
                    <Button
                      size="sm"
                      variant="default"
                      aria-label={`Make default: ${address.label} address`}
                      loading={makeDefault.isPending && makeDefault.variables === address.id}
                      onClick={() =>
                        makeDefault.mutate(address.id, {
                          onSuccess: () =>
                            notify({ kind: 'success', message: `${address.label} is now your default address.` }),
                          onError: (error) => notify({ kind: 'error', message: failure(error) }),
                        })
                      }
                    >
                      Make default
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="subtle"
                    color="error"
                    aria-label={`Delete ${address.label} address`}
                    onClick={() => setDeleting(address)}
                  >
                    Delete
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit address' : 'Add address'}
        fullScreen={phone}
        size="lg"
      >
        {editing && (
          <AddressForm
            address={editing.mode === 'edit' ? editing.address : undefined}
            defaults={defaults}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              notify({ kind: 'success', message: `${saved.label} address saved.` });
            }}
          />
        )}
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this address?" size="sm">
        {deleting && (
          <Stack gap="md">
            <Text size="sm">
              {deleting.label}: {deleting.line1}, {deleting.postcode}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Keep it
              </Button>
              <Button
                color="error"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(deleting.id, {
                    onSuccess: () => {
                      setDeleting(null);
                      notify({ kind: 'success', message: 'Address deleted.' });
                    },
                    onError: (error) => notify({ kind: 'error', message: failure(error) }),
                  })
                }
              >
                Delete
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
