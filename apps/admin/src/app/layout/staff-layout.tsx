import {
  ActionIcon,
  Alert,
  AppShell,
  Box,
  Burger,
  Button,
  Group,
  NavLink,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Outlet, NavLink as RouterNavLink, useLocation, useNavigate, useNavigation } from 'react-router';
import { signOut } from '@/features/auth/api/sign-out';
import { LiveOrdersControl } from '@/features/orders/live/live-orders-control';
import { useLiveOrders } from '@/features/orders/live/use-live-orders';
import { useShop } from '@/features/shop-profile/api/get-shop';
import { paths } from '@/lib/paths';
import { type StaffUser, useSessionStore } from '@/lib/session-store';
import { onTwoFactorRequired, type TwoFactorRequiredState } from '@/lib/two-factor-required';
import { PageBreadcrumbs } from './breadcrumbs';
import { navigationFor } from './navigation';
import classes from './staff-layout.module.css';

/** The vendor's shop name under the site's name: they always see which shop they are running. */
function ShopName() {
  const shop = useShop();
  if (shop.isPending) return <Skeleton height={14} width={120} aria-hidden />;
  if (shop.isError) return null;
  return (
    <Text size="sm" fw={600} data-testid="shop-name" truncate>
      {shop.data.name}
    </Text>
  );
}

/**
 * On every vendor screen while the platform has suspended the shop: its shop page and products
 * are hidden from the storefront and it takes no orders, which the shopkeeper would otherwise
 * find out from customers.
 */
function SuspendedShopNotice() {
  const shop = useShop();
  if (shop.data?.status !== 'suspended') return null;
  return (
    <Alert
      color="warning"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Your shop is suspended"
      data-testid="shop-suspended"
    >
      Parade has suspended {shop.data.name}: its shop page and products are hidden from the storefront and it takes no
      new orders. Contact the marketplace to have it reactivated.
    </Alert>
  );
}

function SignedInUser({ user }: { user: StaffUser }) {
  const navigate = useNavigate();
  const leave = async () => {
    await signOut();
    navigate(paths.signIn, { replace: true });
  };
  return (
    <Group gap="sm" wrap="nowrap">
      <Box visibleFrom="sm" ta="right">
        <Text size="sm" fw={600} data-testid="signed-in-user">
          {user.name}
        </Text>
        <Text size="xs" c="dimmed">
          {user.role === 'admin' ? 'Platform admin' : 'Shopkeeper'}
        </Text>
      </Box>
      <Button variant="default" visibleFrom="sm" leftSection={<IconLogout size={18} aria-hidden />} onClick={leave}>
        Sign out
      </Button>
      {/* On a phone the header keeps its room for the shop name: the same action as an icon. */}
      <ActionIcon variant="default" size={44} hiddenFrom="sm" aria-label="Sign out" onClick={leave}>
        <IconLogout size={20} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** A shop's live orders while its shopkeeper is signed in (features/orders/live): mounted with the vendor's layout only. */
function LiveOrders() {
  useLiveOrders();
  return <LiveOrdersControl />;
}

/** The signed-in layout: header, side navigation (a drawer behind the burger on phones), breadcrumbs. */
export function StaffLayout({ section: role }: { section: 'vendor' | 'admin' }) {
  const user = useSessionStore((s) => s.user);
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const navigate = useNavigate();
  const busy = useNavigation().state === 'loading';
  const items = navigationFor(role);

  // The drawer closes after a choice on a phone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(close, [location.pathname]);
  // A 401 (revoked token, disabled account) signs out anywhere: back to sign-in.
  useEffect(() => {
    if (!user) navigate(paths.signIn, { replace: true });
  }, [user, navigate]);
  // A 403 two_factor_required (an admin page, payout onboarding): to Account, where it is set up (decision 045).
  const account = role === 'vendor' ? paths.vendor.account : paths.admin.account;
  useEffect(
    () =>
      onTwoFactorRequired((message) => {
        const state: TwoFactorRequiredState = { twoFactorRequired: message };
        navigate(account, { replace: true, state });
      }),
    [account, navigate],
  );
  if (!user) return null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
              aria-controls="staff-navigation"
            />
            <Stack gap={0} miw={0}>
              <Title order={2} size="h4" c="primary.7" lineClamp={1}>
                {role === 'vendor' ? 'Parade Merchant' : 'Parade Platform'}
              </Title>
              {role === 'vendor' && <ShopName />}
            </Stack>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {role === 'vendor' && user.role === 'vendor' && <LiveOrders />}
            <SignedInUser user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="xs"
        id="staff-navigation"
        aria-label="Main navigation"
        component="nav"
        className={classes.navbar}
      >
        {items.map((item) => (
          <NavLink
            key={item.to}
            component={RouterNavLink}
            to={item.to}
            end={item.end}
            label={item.label}
            leftSection={<item.icon size={20} aria-hidden />}
            className={classes.navLink}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} aria-busy={busy}>
        <Stack gap="md" maw={1200}>
          {role === 'vendor' && user.role === 'vendor' && <SuspendedShopNotice />}
          <PageBreadcrumbs />
          <Outlet />
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}

export const VendorLayout = () => <StaffLayout section="vendor" />;
export const AdminLayout = () => <StaffLayout section="admin" />;
