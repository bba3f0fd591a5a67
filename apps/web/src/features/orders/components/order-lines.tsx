// Mantine's styles load per component; this one only with the screens that use it.
import '@mantine/core/styles/Table.layer.css';
import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { LazyImage } from '@/components/ui/lazy-image';
import { useFormatMoney } from '@/lib/format';
import type { Order } from '../api/get-orders';

type OrderLine = Order['items'][number];

/**
 * An order's lines: picture, name, unit price, quantity, discount and line total. `actions`
 * puts per-line controls (return an item, report an issue) in a full-width row under the line
 * (inside the name's cell they would widen the table past a 390 px phone); the route composes
 * them from their own features, which this one does not import.
 */
export function OrderLines({
  order,
  pictures = true,
  actions,
}: {
  order: Order;
  pictures?: boolean;
  actions?: (item: OrderLine) => ReactNode;
}) {
  const formatMoney = useFormatMoney();
  // Narrow cell padding, and the table scrolls in its own box when a phone is still too narrow
  // for it (long prices, a large font): amounts are never cut off by the card around it.
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table
        verticalSpacing="xs"
        horizontalSpacing="xs"
        data-testid="order-lines"
        aria-label={`Items ordered from ${order.shop.name}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="left">Item</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item) => (
            <Fragment key={item.id}>
              <Table.Tr style={actions ? { borderBottom: 0 } : undefined}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    {pictures && (
                      // Not on a phone: there the name, price, quantity and total need the width.
                      <Box w={40} style={{ flex: 'none' }} data-print-hide visibleFrom="xs">
                        <LazyImage src={item.thumbnail} alt="" width={40} height={40} radius="sm" />
                      </Box>
                    )}
                    <Stack gap={0}>
                      <Text size="sm" fw={600}>
                        {item.full_name}
                      </Text>
                      {item.discount > 0 && (
                        <Text size="xs" c="dimmed">
                          Discount −{formatMoney(item.discount)}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(item.price)}</Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(item.total)}
                </Table.Td>
              </Table.Tr>
              {actions && (
                <Table.Tr data-print-hide>
                  <Table.Td colSpan={4} pt={0}>
                    <Group gap="xs" pl={{ base: 0, xs: pictures ? 52 : 0 }}>
                      {actions(item)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
