import { Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { useRewardBalances } from '@/features/cart/api/get-reward-points';
import { CartShopGroups } from '@/features/cart/components/cart-shop-groups';
import { CartSummary } from '@/features/cart/components/cart-summary';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { useLocationStore } from '@/features/location/stores/location-store';
import { paths } from '@/lib/paths';

const ClearCartDialog = lazy(() => import('@/features/cart/components/clear-cart-dialog'));

import { useIsLoggedIn } from '@/lib/session-store';
import { LocationButton } from '../components/location-button';

/** /cart-details: the cart grouped by shop, with coupons and points; no login needed. */
export function Component() {
  const items = useCartStore((s) => s.items);
  const clear = useCartStore((s) => s.clear);
  const orderType = useLocationStore((s) => s.orderType);
  const balances = useRewardBalances();
  const clearRewardPoints = useCartStore((s) => s.clearRewardPoints);
  const signedIn = useIsLoggedIn();
  // Emptying the whole cart is one tap away from the lines: it asks first.
  const [confirmingClear, setConfirmingClear] = useState(false);
  // Points belong to an account: a guest spends none (main.tsx also drops them at every sign-in and sign-out).
  useEffect(() => {
    if (!signedIn) clearRewardPoints();
  }, [signedIn, clearRewardPoints]);
  return (
    <Container size="lg" py="lg">
      <PageMeta title="Your cart" description="Your Parade cart, grouped by shop, with coupons and reward points." />
      <Title order={1} mb="md">
        Your cart
      </Title>
      {items.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <IconShoppingCart size={48} aria-hidden />
          <Text size="lg">Your cart is empty.</Text>
          <Button component={Link} to={paths.products()}>
            Browse products
          </Button>
        </Stack>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <CartShopGroups rewardBalances={balances.data ?? null} />
            <Group mt="md">
              <Button variant="subtle" color="error" onClick={() => setConfirmingClear(true)}>
                Clear cart
              </Button>
            </Group>
            {confirmingClear && (
              <Suspense fallback={null}>
                <ClearCartDialog
                  onKeep={() => setConfirmingClear(false)}
                  onEmpty={() => {
                    setConfirmingClear(false);
                    clear();
                  }}
                />
              </Suspense>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder padding="md" pos="sticky" top={88}>
              <Stack gap="md">
                <Title order={2} size="h4">
                  Order summary
                </Title>
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {orderType === 'delivery' ? 'Delivery' : 'Collection'}
                  </Text>
                  <LocationButton compact onDark={false} fullWidth />
                </Stack>
                <CartSummary orderType={orderType} />
                {/* A guest is sent to log in first, and back to the checkout (the /cart route's loader). */}
                <Button component={Link} to={paths.checkout()} size="md" fullWidth>
                  Checkout
                </Button>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
