import { ActionIcon, Box, Burger, Container, Group, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { ForStoredSession, useSessionSettled } from '@/components/layout/session-variants';
import { accountLinks } from '@/features/auth/components/account-links';
import { useSettings } from '@/features/content/api/get-settings';
import { paths } from '@/lib/paths';
import { useIsLoggedIn } from '@/lib/session-store';
import { LocationButton } from '../components/location-button';
import classes from './site-header.module.css';

/**
 * The header's pop-up parts (search suggestions, cart, account and category menus) bring
 * Mantine's Combobox, Popover, Menu and floating-ui with them. They load in their own chunks,
 * fetched as soon as this module runs (in parallel with the session check and the screen), and
 * until then a placeholder of the same size holds their place, so nothing shifts.
 */
const searchModule = import('@/features/catalog/components/product-search');
const cartModule = import('@/features/cart/components/cart-dropdown');
const accountModule = import('@/features/auth/components/account-menu');
const megaMenuModule = import('@/features/catalog/components/category-mega-menu');

/**
 * A pop-up part: drawn at once when its code has loaded, else through React.lazy (the
 * placeholder until then). React.lazy alone suspends at its first render even when the code is
 * already there, and a part suspended while the page hydrates stays the server's HTML (a button
 * that does nothing) until React comes back to it in a later pass.
 */
interface Part<P> {
  loaded: ComponentType<P> | null;
  Lazy: ComponentType<P>;
}

function part<M, P extends object>(load: Promise<M>, pick: (module: M) => ComponentType<P>): Part<P> {
  const it: Part<P> = { loaded: null, Lazy: lazy(async () => ({ default: pick(await load) })) };
  load.then(
    (module) => {
      it.loaded = pick(module);
    },
    () => undefined,
  );
  return it;
}

const productSearch = part(searchModule, (m) => m.ProductSearch);
const cartDropdown = part(cartModule, (m) => m.CartDropdown);
const accountMenu = part(accountModule, (m) => m.AccountMenu);
const categoryMegaMenu = part(megaMenuModule, (m) => m.CategoryMegaMenu);

/**
 * Settles once the pop-up parts' code has loaded (or failed to). A page the server drew waits for
 * it before hydrating (start.tsx), so the header hydrates with the page, in the same pass.
 */
export const headerPartsLoaded: Promise<unknown> = Promise.allSettled([
  searchModule,
  cartModule,
  accountModule,
  megaMenuModule,
]);

/**
 * A pop-up part in its place: drawn directly once its code is there (always, on a page the server
 * drew: the server renders it, and the browser waits for it before hydrating), else a placeholder
 * of its size until its code arrives. Only then a Suspense boundary: React hydrates the content
 * of one in a later pass than the page around it, and until that pass the part is the server's
 * HTML, a search box that does not take a key.
 */
function Deferred<P extends object>({
  w,
  h,
  radius,
  part: { loaded, Lazy },
  ...props
}: { w: number | string; h: number; radius?: string; part: Part<P> } & P) {
  // Chosen once: switching later would mount the part afresh (a search box losing what was typed).
  const [Loaded] = useState(() => loaded as ComponentType<object> | null);
  if (Loaded) return <Loaded {...props} />;
  const Pending = Lazy as ComponentType<object>;
  return (
    <Suspense
      fallback={
        <div aria-hidden className={classes.placeholder} style={{ width: w, height: h, borderRadius: radius }} />
      }
    >
      <Pending {...props} />
    </Suspense>
  );
}

/** The main links of spec section 2, shared by the desktop bar and the navigation drawer. */
export const mainLinks = [
  { to: paths.products(), label: 'Products' },
  { to: paths.vendors(), label: 'Shops' },
  { to: paths.blog(), label: 'Blog' },
  { to: paths.ubmOffers(), label: 'UBM Deals' },
] as const;

/**
 * Signed in, Profile and Track Your Order join the main links (spec section 2); drawn for a
 * stored session too until it is checked (session-variants.tsx). Its own component, so that
 * signing in or out redraws these links, not the header.
 */
function AccountNavLinks() {
  const links = accountLinks.map((link) => (
    <NavLink key={link.to} to={link.to} end={link.to === paths.profile()} className={classes.navLink}>
      {link.label}
    </NavLink>
  ));
  const isLoggedIn = useIsLoggedIn();
  const settled = useSessionSettled();
  if (isLoggedIn) return links;
  return settled ? null : <ForStoredSession>{links}</ForStoredSession>;
}

/**
 * Sticky header: logo, product search and the account menu; below it on wide screens the
 * category mega menu and main links. On small screens the drawer toggle and an account icon.
 */
export function SiteHeader({ navOpened, onOpenNav }: { navOpened: boolean; onOpenNav: () => void }) {
  const { data: settings } = useSettings();
  const title = settings?.site_title || 'Parade';
  return (
    <Box component="header" className={classes.header}>
      <div className={classes.topBar}>
        <Container size="xl" className={classes.topInner}>
          <Burger
            className={classes.burger}
            hiddenFrom="sm"
            opened={navOpened}
            onClick={onOpenNav}
            color="white"
            aria-label="Open navigation"
            aria-haspopup="dialog"
            size="sm"
          />
          <Link to={paths.home()} className={classes.logo} aria-label={`${title} home`}>
            {settings?.site_logo_small && (
              <img src={settings.site_logo_small} alt="" width={36} height={36} className={classes.logoImage} />
            )}
            <Text component="span" fw={800} fz={22} c="white" lh={1}>
              {title}
            </Text>
          </Link>
          <div className={classes.search}>
            <Deferred w="100%" h={42} radius="2rem" part={productSearch} />
          </div>
          <Group gap="xs" className={classes.account} wrap="nowrap">
            <Box visibleFrom="md">
              <LocationButton />
            </Box>
            <Deferred w={44} h={44} part={cartDropdown} checkoutPath={paths.checkout()} />
            <Box visibleFrom="sm">
              <Deferred w={96} h={36} part={accountMenu} adminUrl={settings?.admin_url} />
            </Box>
            <ActionIcon
              hiddenFrom="sm"
              component={Link}
              to={paths.profile()}
              variant="subtle"
              color="white"
              size={44}
              radius="xl"
              aria-label="My account"
            >
              <IconUser aria-hidden />
            </ActionIcon>
          </Group>
        </Container>
        <Container size="xl" hiddenFrom="md" className={classes.locationStrip}>
          <LocationButton compact fullWidth />
        </Container>
      </div>
      <Box component="nav" aria-label="Main" className={classes.navBar} visibleFrom="sm">
        <Container size="xl">
          <Group gap={4} h={52} wrap="nowrap">
            <Deferred w={140} h={42} part={categoryMegaMenu} />
            {mainLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={classes.navLink}>
                {link.label}
              </NavLink>
            ))}
            <AccountNavLinks />
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
