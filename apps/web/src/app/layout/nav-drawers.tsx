import { Button, Divider, Drawer, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { IconCategory, IconChevronRight, IconHome, IconMail } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { AccountMenu, useAccountLinks } from '@/features/auth/components/account-menu';
import { CategoryDrawerNav } from '@/features/catalog/components/category-drawer-nav';
import { useSettings } from '@/features/content/api/get-settings';
import { paths } from '@/lib/paths';
import { mainLinks } from './site-header';

/** Small screens: the navigation drawer (spec section 2), with a way into the category drawer. */
export function NavigationDrawer({
  opened,
  onClose,
  onOpenCategories,
}: {
  opened: boolean;
  onClose: () => void;
  onOpenCategories: () => void;
}) {
  const adminUrl = useSettings().data?.admin_url;
  const links = [
    { to: paths.home(), label: 'Home' },
    ...mainLinks,
    ...useAccountLinks(),
    { to: paths.contact(), label: 'Contact Us' },
  ];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      size="85%"
      padding="md"
      closeButtonProps={{ 'aria-label': 'Close menu', size: 'xl' }}
      data-testid="nav-drawer"
    >
      <Stack gap="md">
        <Button
          variant="light"
          color="secondary"
          size="md"
          leftSection={<IconCategory size={20} aria-hidden />}
          rightSection={<IconChevronRight size={18} aria-hidden />}
          justify="space-between"
          fullWidth
          onClick={onOpenCategories}
        >
          Shop by category
        </Button>
        <nav aria-label="Site">
          {links.map((link) => (
            <MantineNavLink
              key={link.to}
              component={NavLink}
              to={link.to}
              end={link.to === paths.home() || link.to === paths.profile()}
              label={link.label}
              onClick={onClose}
              py="sm"
              leftSection={
                link.to === paths.home() ? (
                  <IconHome size={18} aria-hidden />
                ) : link.to === paths.contact() ? (
                  <IconMail size={18} aria-hidden />
                ) : undefined
              }
            />
          ))}
        </nav>
        <Divider />
        <AccountMenu adminUrl={adminUrl} />
      </Stack>
    </Drawer>
  );
}

/** Small screens: the category drawer, category -> sub-category -> brand. */
export function CategoryDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Shop by category"
      size="85%"
      padding="md"
      closeButtonProps={{ 'aria-label': 'Close categories', size: 'xl' }}
      data-testid="category-drawer"
    >
      <CategoryDrawerNav onNavigate={onClose} />
    </Drawer>
  );
}
