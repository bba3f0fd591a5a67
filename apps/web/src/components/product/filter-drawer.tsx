import { Button, Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The product list's filters on small screens, in a drawer from the bottom. It loads when the
 * shopper first opens it (product-list-view.tsx): the drawer brings Mantine's modal, scroll
 * area and focus trap, which no first paint needs.
 */
export function FilterDrawer({
  opened,
  onClose,
  total,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  /** The number of products the filters leave, for the button that closes the drawer. */
  total: number | undefined;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Filters"
      position="bottom"
      size="85%"
      closeButtonProps={{ 'aria-label': 'Close filters', size: 'xl' }}
    >
      {children}
      <Button fullWidth size="md" mt="lg" onClick={onClose}>
        Show {total ?? ''} {total === 1 ? 'product' : 'products'}
      </Button>
    </Drawer>
  );
}
