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

/** A refusal's words under the line or shop it names (checkout), linked to it for screen readers. */
function Problems({ id, list }: { id: string; list: string[] | undefined }) {
  if (!list || list.length === 0) return null;
  return (
    <Stack gap={2} id={id} data-testid="cart-problem" data-problem tabIndex={-1} style={{ flexBasis: '100%' }}>
      {list.map((line) => (
        <Text key={line} size="sm" fw={700} c="error.8">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The cart's lines grouped by shop, each shop with its coupon and (when signed in) its
 * reward points. `rewardBalances` is keyed by shop id; null for guests. At checkout,
 * `lineErrors` (by variation id) and `shopErrors` (by shop id) show a refusal where it applies.
 */
export function CartShopGroups({
  rewardBalances,
  lineErrors = {},
  shopErrors = {},
}: {
  rewardBalances: Record<number, number> | null;
  lineErrors?: Record<number, string[]>;
  shopErrors?: Record<number, string[]>;
}) {
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
                data-invalid={lineErrors[item.id] ? true : undefined}
                aria-describedby={lineErrors[item.id] ? `line-problem-${item.id}` : undefined}
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
                  {item.product.type === 'Digital' ? (
                    // A download is bought once (contract: "Digital lines"): no stepper to offer more.
                    <Text size="sm" w={124} ta="center" data-testid="digital-quantity">
                      1 download
                    </Text>
                  ) : (
                    <QuantityStepper
                      value={item.quantity}
                      label={`Quantity of ${item.full_name}`}
                      onChange={(quantity) => actions.setQuantity(item.id, quantity)}
                    />
                  )}
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
                <Problems id={`line-problem-${item.id}`} list={lineErrors[item.id]} />
              </Group>
            ))}
          </Stack>
          <Stack gap="xs" mt="md">
            <Problems id={`shop-problem-${group.shop.id}`} list={shopErrors[group.shop.id]} />
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
