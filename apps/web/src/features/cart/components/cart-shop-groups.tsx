import { ActionIcon, Anchor, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { groupByShop } from '@parade/core/cart';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LazyImage } from '@/components/ui/lazy-image';
import { useFormatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useCartActions } from '../hooks/use-cart-actions';
import { useCartStore } from '../stores/cart-store';
import { CouponForm } from './coupon-form';
import { QuantityStepper } from './quantity-stepper';
import { RewardPointsForm } from './reward-points-form';

/**
 * The cart's lines grouped by shop, each shop with its coupon and (when signed in) its
 * reward points. `rewardBalances` is keyed by shop id; null for guests.
 */
export function CartShopGroups({ rewardBalances }: { rewardBalances: Record<number, number> | null }) {
  const items = useCartStore((s) => s.items);
  const coupons = useCartStore((s) => s.shopCoupons);
  const actions = useCartActions();
  const formatMoney = useFormatMoney();
  return (
    <Stack gap="md">
      {groupByShop(items).map((group) => (
        <Card key={group.shop.id} withBorder padding="md" component="section" aria-labelledby={`shop-${group.shop.id}`}>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id={`shop-${group.shop.id}`}>
              {group.shop.slug ? (
                <Anchor component={Link} to={paths.vendor(group.shop.slug)} inherit>
                  {group.shop.name}
                </Anchor>
              ) : (
                group.shop.name
              )}
            </Title>
            <Text fw={700}>{formatMoney(group.subtotal)}</Text>
          </Group>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {group.items.map((item) => (
              <Group
                key={item.id}
                component="li"
                wrap="wrap"
                gap="sm"
                align="center"
                justify="flex-end"
                data-testid="cart-line"
              >
                <Group wrap="nowrap" gap="sm" style={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Box w={56} style={{ flex: 'none' }}>
                    <LazyImage src={item.thumbnail} alt="" width={56} height={56} radius="sm" />
                  </Box>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={paths.product(item.product.shop?.slug ?? '', item.product.slug, item.slug)}
                      fw={600}
                      lineClamp={2}
                    >
                      {item.full_name}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {formatMoney(item.price)} each
                    </Text>
                  </Stack>
                </Group>
                <Group wrap="nowrap" gap="sm">
                  <QuantityStepper
                    value={item.quantity}
                    label={`Quantity of ${item.full_name}`}
                    onChange={(quantity) => actions.setQuantity(item.id, quantity)}
                  />
                  <Text fw={700} w={72} ta="right">
                    {formatMoney(item.price * item.quantity)}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="error"
                    size={40}
                    aria-label={`Remove ${item.full_name}`}
                    onClick={() => actions.remove(item.id)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
          <Stack gap="xs" mt="md">
            <CouponForm shopId={group.shop.id} shopName={group.shop.name} items={group.items} />
            {rewardBalances && (rewardBalances[group.shop.id] ?? 0) > 0 && (
              <RewardPointsForm
                shopId={group.shop.id}
                shopName={group.shop.name}
                balance={rewardBalances[group.shop.id] ?? 0}
                maxUsable={Math.max(
                  0,
                  group.subtotal - Math.min(coupons[group.shop.id]?.discount ?? 0, group.subtotal),
                )}
              />
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
