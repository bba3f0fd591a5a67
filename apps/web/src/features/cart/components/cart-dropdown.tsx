import { ActionIcon, Badge, Box, Button, Divider, Group, Indicator, Popover, Stack, Text } from '@mantine/core';
import { cartCount, cartSubtotal, groupByShop } from '@parade/core/cart';
import { IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFormatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useCartStore } from '../stores/cart-store';

/** The header's cart: item count, lines by shop, subtotal, Checkout and View Cart. */
export function CartDropdown({ checkoutPath }: { checkoutPath: string }) {
  const items = useCartStore((s) => s.items);
  const formatMoney = useFormatMoney();
  const [opened, setOpened] = useState(false);
  const count = cartCount(items);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal trapFocus>
      {/* The indicator stays outside the target: the popover puts aria-expanded on its target,
          which is only allowed on the button itself, not on the indicator's wrapper. */}
      <Indicator label={count} size={18} disabled={count === 0} color="primary.7" offset={4}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="white"
            size={44}
            aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
            onClick={() => setOpened((o) => !o)}
            data-testid="cart-button"
          >
            <IconShoppingCart size={24} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown data-testid="cart-dropdown">
        {count === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            Your cart is empty.
          </Text>
        ) : (
          <Stack gap="sm">
            <Box mah={300} style={{ overflowY: 'auto' }}>
              {groupByShop(items).map((group) => (
                <Stack key={group.shop.id} gap={4} mb="sm">
                  <Text fw={700} size="sm">
                    {group.shop.name}
                  </Text>
                  {group.items.map((item) => (
                    <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" lineClamp={1} style={{ flex: 1 }}>
                        {item.full_name}
                      </Text>
                      <Badge variant="light" color="secondary">
                        ×{item.quantity}
                      </Badge>
                      <Text size="sm" fw={600}>
                        {formatMoney(item.price * item.quantity)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              ))}
            </Box>
            <Divider />
            <Group justify="space-between">
              <Text fw={700}>Subtotal</Text>
              <Text fw={800} data-testid="cart-subtotal">
                {formatMoney(cartSubtotal(items))}
              </Text>
            </Group>
            <Group grow>
              <Button component={Link} to={paths.cartDetails()} variant="default" onClick={() => setOpened(false)}>
                View Cart
              </Button>
              <Button component={Link} to={checkoutPath} onClick={() => setOpened(false)}>
                Checkout
              </Button>
            </Group>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
