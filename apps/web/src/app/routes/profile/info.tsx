import { Paper, Skeleton, Stack, Title } from '@mantine/core';
import { lazy } from 'react';
import { AfterHydration } from '@/components/layout/after-hydration';
import { PageMeta } from '@/components/ui/page-meta';
import { ProfileForm } from '@/features/account/components/profile-form';
import { useSession, useSessionStore } from '@/lib/session-store';

// The web-push switch (and the browser's push machinery behind it) loads after the page is up.
const OrderUpdatesSwitch = lazy(async () => ({
  default: (await import('@/features/account/components/order-updates-switch')).OrderUpdatesSwitch,
}));

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
          <AfterHydration placeholder={<Skeleton height={48} radius="md" />}>
            <OrderUpdatesSwitch />
          </AfterHydration>
        </Stack>
      </Paper>
    </Stack>
  );
}
