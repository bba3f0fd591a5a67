import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * "Empty your cart?": asked before Clear cart empties every shop's lines. Loaded only when the
 * shopper presses Clear cart (a modal's code is about 30 KB gzip, more than the cart page's own).
 */
export default function ClearCartDialog({ onKeep, onEmpty }: { onKeep: () => void; onEmpty: () => void }) {
  return (
    <Modal opened onClose={onKeep} title="Empty your cart?" size="sm">
      <Stack gap="md">
        <Text size="sm">Every item of every shop leaves your cart, with its coupons and points.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep}>
            Keep my cart
          </Button>
          <Button color="error" onClick={onEmpty}>
            Empty cart
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
