import { Paper, Stack, Title } from '@mantine/core';
import { PageMeta } from '@/components/ui/page-meta';
import { OrderUpdatesSwitch } from '@/features/account/components/order-updates-switch';
import { ProfileForm } from '@/features/account/components/profile-form';
import { useSession, useSessionStore } from '@/lib/session-store';

/** /profile: the signed-in user's information (the profile area's default child). */
export function Component() {
  const { user } = useSession();
  const setUser = useSessionStore((s) => s.setUser);
  if (!user) return null;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <PageMeta title="Profile" />
        <Stack gap="md">
          <Title order={2} fz="h3">
            Profile information
          </Title>
          <ProfileForm key={user.id} user={user} onUpdated={setUser} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={2} fz="h3">
            Notifications
          </Title>
          <OrderUpdatesSwitch />
        </Stack>
      </Paper>
    </Stack>
  );
}
