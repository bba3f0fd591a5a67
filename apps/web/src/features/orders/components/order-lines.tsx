// Mantine's styles load per component; this one only with the screens that use it.
import '@mantine/core/styles/Table.layer.css';
import { Box, Group, Stack, Table, Text } from '@mantine/core';
import { LazyImage } from '@/components/ui/lazy-image';
import { useFormatMoney } from '@/lib/format';
import type { Order } from '../api/get-orders';

/** An order's lines: picture, name, unit price, quantity, discount and line total. */
export function OrderLines({ order, pictures = true }: { order: Order; pictures?: boolean }) {
  const formatMoney = useFormatMoney();
  return (
    <Table verticalSpacing="xs" data-testid="order-lines" aria-label={`Items ordered from ${order.shop.name}`}>
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
          <Table.Tr key={item.id}>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                {pictures && (
                  <Box w={40} style={{ flex: 'none' }} data-print-hide>
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
        ))}
      </Table.Tbody>
    </Table>
  );
}
