import { Alert, Button, Stack } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '@/components/ui/notify';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { useBuyAgain } from '@/features/orders/api/buy-again';

/**
 * "Buy again" on a past order: its still-listable lines go into the cart at today's prices (the
 * cart groups them by shop), and what could not (no longer sold, out of stock, fewer left) is
 * named under the button, in full (a toast would cut it short).
 */
export function BuyAgainButton({ orderId, label }: { orderId: number; label: string }) {
  const buyAgain = useBuyAgain();
  const [left, setLeft] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        leftSection={<IconRepeat size={18} aria-hidden />}
        loading={buyAgain.isPending}
        aria-label={label}
        onClick={() =>
          buyAgain.mutate(orderId, {
            onSuccess: (result) => {
              // One toast for the whole order, not one per line.
              const cart = useCartStore.getState();
              for (const { quantity, ...line } of result.lines) cart.add(line, quantity);
              setLeft(result.message);
              const units = result.lines.reduce((sum, line) => sum + line.quantity, 0);
              notify(
                units === 0
                  ? { kind: 'error', message: 'Nothing from this order can be bought now.' }
                  : { kind: 'success', message: `${units} ${units === 1 ? 'item' : 'items'} added to your cart.` },
              );
            },
            onError: (error) => notify({ kind: 'error', message: error.message }),
          })
        }
      >
        Buy again
      </Button>
      {left && (
        <Alert color="secondary" role="status" data-testid="buy-again-message">
          {left}
        </Alert>
      )}
    </Stack>
  );
}
