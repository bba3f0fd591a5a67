import { ActionIcon, Box, Burger, Container, Group, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { AccountMenu, useAccountLinks } from '@/features/auth/components/account-menu';
import { CartDropdown } from '@/features/cart/components/cart-dropdown';
import { CategoryMegaMenu } from '@/features/catalog/components/category-mega-menu';
import { ProductSearch } from '@/features/catalog/components/product-search';
import { useSettings } from '@/features/content/api/get-settings';
import { paths } from '@/lib/paths';
import { LocationButton } from '../components/location-button';
import classes from './site-header.module.css';

/** The main links of spec section 2, shared by the desktop bar and the navigation drawer. */
export const mainLinks = [
  { to: paths.products(), label: 'Products' },
  { to: paths.vendors(), label: 'Shops' },
  { to: paths.blog(), label: 'Blog' },
  { to: paths.ubmOffers(), label: 'UBM Deals' },
] as const;

/**
 * Sticky header: logo, product search and the account menu; below it on wide screens the
 * category mega menu and main links. On small screens the drawer toggle and an account icon.
 */
export function SiteHeader({ navOpened, onOpenNav }: { navOpened: boolean; onOpenNav: () => void }) {
  const { data: settings } = useSettings();
  const title = settings?.site_title || 'Parade';
  // Signed in: Profile and Track Your Order join the main links (spec section 2).
  const links = [...mainLinks, ...useAccountLinks()];
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
            <ProductSearch />
          </div>
          <Group gap="xs" className={classes.account} wrap="nowrap">
            <Box visibleFrom="md">
              <LocationButton />
            </Box>
            <CartDropdown checkoutPath={paths.cartDetails()} />
            <Box visibleFrom="sm">
              <AccountMenu adminUrl={settings?.admin_url} />
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
            <CategoryMegaMenu />
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.to === paths.profile()} className={classes.navLink}>
                {link.label}
              </NavLink>
            ))}
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
