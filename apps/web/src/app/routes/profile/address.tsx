import { Paper } from '@mantine/core';
import { PageMeta } from '@/components/ui/page-meta';
import { AddressBook } from '@/features/account/components/address-book';
import { useSession } from '@/lib/session-store';

/** /profile/address: saved addresses (list, add, edit, delete, make default). */
export function Component() {
  const { user } = useSession();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <PageMeta title="Addresses" />
      <AddressBook defaults={user ? { name: user.name, phone: user.phone ?? '' } : undefined} />
    </Paper>
  );
}
