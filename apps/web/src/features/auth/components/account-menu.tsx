import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { ForGuests, ForStoredSession, useSessionSettled } from '@/components/layout/session-variants';
import { paths } from '@/lib/paths';
import { useIsLoggedIn } from '@/lib/session-store';
import { LogoutButton } from './logout-button';

export { useAccountLinks } from './account-links';
export { LogoutButton };

/**
 * The header's account control. Guests get the Sign In/Register menu (Customer Login,
 * Merchant Login in a new tab, Create Account); signed-in users the Logout button.
 */
export function AccountMenu({ adminUrl = '/admin/' }: { adminUrl?: string }) {
  const isLoggedIn = useIsLoggedIn();
  const settled = useSessionSettled();
  if (isLoggedIn) return <LogoutButton />;
  if (settled) return <GuestMenu adminUrl={adminUrl} />;
  // Not known yet: both, and the page shows the one that fits (session-variants.tsx).
  return (
    <>
      <ForGuests>
        <GuestMenu adminUrl={adminUrl} />
      </ForGuests>
      <ForStoredSession>
        <LogoutButton />
      </ForStoredSession>
    </>
  );
}

function GuestMenu({ adminUrl }: { adminUrl: string }) {
  return (
    // Opened, focus goes to its first item (as a menu button's should), not to Mantine's unnamed
    // placeholder, where a screen reader said nothing and Enter did nothing.
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="white" color="secondary">
          Sign In/Register
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.login()} data-autofocus>
          Customer Login
        </Menu.Item>
        <Menu.Item component="a" href={adminUrl} target="_blank" rel="noopener">
          Merchant Login
        </Menu.Item>
        <Menu.Item component={Link} to={paths.register()}>
          Create Account
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
