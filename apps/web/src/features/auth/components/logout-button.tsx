import { Button, type ButtonProps } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useLogout } from '../api/logout';

// Its own module: the profile area shows it without loading the header's whole account menu.
/** The signed-in header control: Logout (spec section 2). */
export function LogoutButton({ onLoggedOut, ...buttonProps }: ButtonProps & { onLoggedOut?: () => void }) {
  const logout = useLogout();
  return (
    <Button
      variant="white"
      color="secondary"
      {...buttonProps}
      leftSection={<IconLogout size={18} aria-hidden />}
      loading={logout.isPending}
      onClick={() => logout.mutate(undefined, { onSettled: onLoggedOut })}
    >
      Logout
    </Button>
  );
}
