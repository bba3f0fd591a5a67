import { Box, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconBuildingStore,
  IconCoins,
  IconDiscount,
  IconDownload,
  IconHeart,
  IconLifebuoy,
  IconMapPin,
  IconReceipt,
  IconShieldLock,
  IconTruckDelivery,
  IconUserCircle,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { RequireSession } from '@/features/auth/components/require-session';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session-store';
import classes from './profile-layout.module.css';

/**
 * The profile area (login required). Only the children that exist are listed; orders, tickets,
 * returns, reward points, offers and shop join this list as they are built.
 */
const profileLinks = [
  { to: paths.profile(), label: 'Profile', icon: IconUserCircle, end: true },
  { to: paths.profileAddress(), label: 'Addresses', icon: IconMapPin, end: false },
  { to: paths.profileSecurity(), label: 'Security', icon: IconShieldLock, end: false },
  { to: paths.orders(), label: 'Orders', icon: IconReceipt, end: false },
  { to: paths.favourites(), label: 'Favourites', icon: IconHeart, end: false },
  { to: paths.track(), label: 'Track order', icon: IconTruckDelivery, end: false },
  // A ticket's own page (/profile/ticket-details/{id}) belongs to the tickets link too.
  {
    to: paths.supportTickets(),
    label: 'Support tickets',
    icon: IconLifebuoy,
    end: false,
    also: ['/profile/ticket-details/'],
  },
  { to: paths.orderReturns(), label: 'Returns', icon: IconArrowBackUp, end: false },
  { to: paths.profileDigitalProducts(), label: 'Digital products', icon: IconDownload, end: false },
  { to: paths.rewardPoints(), label: 'Reward points', icon: IconCoins, end: false },
  { to: paths.profileOffers(), label: 'My offers', icon: IconDiscount, end: false },
  // Last in the list; the create-shop form is part of it (`also`: other paths it is the current link for).
  { to: paths.profileShop(), label: 'My shop', icon: IconBuildingStore, end: false, also: [paths.profileCreateShop()] },
] as const;

export function ProfileLayout() {
  return (
    <RequireSession>
      <ProfileShell />
    </RequireSession>
  );
}

function ProfileShell() {
  const { user } = useSession();
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Box>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            My account
          </Title>
          {user && <Text c="dimmed">Hello, {user.name}</Text>}
        </Box>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
            <Paper withBorder radius="md" p={{ base: 4, sm: 'xs' }} component="nav" aria-label="My account">
              {/* A row that scrolls sideways on phones, a column on wider screens. */}
              <LinkRow>
                <ProfileLinks />
              </LinkRow>
              <Stack gap={2} visibleFrom="sm">
                <ProfileLinks />
                <Box p="xs" pt="md">
                  <LogoutButton variant="light" color="secondary" fullWidth />
                </Box>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
            <Outlet />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

/** The links' row on phones, scrolled so the current page's link is in view (Reward points is the tenth of twelve). */
function LinkRow({ children }: { children: React.ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls again when the page changes
  useEffect(() => {
    const box = row.current;
    const current = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !current) return;
    const offset = current.getBoundingClientRect().left - box.getBoundingClientRect().left;
    box.scrollLeft += offset - (box.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <Box
      hiddenFrom="sm"
      className={classes.linkRow}
      ref={row}
      // A link reached with Tab is scrolled whole into the row, its focus ring with it.
      onFocus={(event) => {
        if (event.target instanceof HTMLElement) event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }}
    >
      {children}
    </Box>
  );
}

function ProfileLinks() {
  const { pathname } = useLocation();
  return profileLinks.map((link) => {
    const active =
      (link.end ? pathname === link.to : pathname.startsWith(link.to)) ||
      ('also' in link && link.also.some((path) => pathname.startsWith(path)));
    // A plain link styled as Mantine's NavLink was: NavLink brings its collapsible children's code
    // (Collapse, the chevron), which this list never uses, into the profile's first load.
    return (
      <Link
        key={link.to}
        to={link.to}
        aria-current={active ? 'page' : undefined}
        data-active={active || undefined}
        className={classes.navLink}
      >
        <link.icon size={20} aria-hidden />
        <span>{link.label}</span>
      </Link>
    );
  });
}
