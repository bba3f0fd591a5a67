import { Table, Text } from '@mantine/core';
import type { VendorOrderPayload } from '@parade/core/vendor-schemas';
import { formatMoney } from '@/lib/format';

type Order = VendorOrderPayload['order'];

/** A platform coupon's discount is Parade's to pay (decision 026): the shop is told so next to it. */
function couponLabel(order: Order): string {
  const coupon = `Coupon ${order.coupon_code ?? ''}`.trim();
  if (order.platform_discount <= 0) return coupon;
  return order.platform_discount === order.discount
    ? `${coupon} (paid by Parade)`
    : `${coupon} (${formatMoney(order.platform_discount)} paid by Parade)`;
}

/** The lines and the order's figures: what to pick and pack, and what the customer pays. */
export function OrderLines({ order }: { order: Order }) {
  const figures: [string, number][] = [
    ['Subtotal', order.subtotal],
    ...(order.discount ? ([[couponLabel(order), -order.discount]] as [string, number][]) : []),
    ...(order.reward_discount ? ([['Reward points', -order.reward_discount]] as [string, number][]) : []),
    ...(order.shipping_charge ? ([['Delivery', order.shipping_charge]] as [string, number][]) : []),
  ];
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" data-testid="order-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {item.full_name}
                </Text>
                {item.type === 'Digital' && (
                  <Text size="xs" c="dimmed">
                    Digital: nothing to pack
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.price)}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {figures.map(([label, amount]) => (
            <Table.Tr key={label}>
              <Table.Td colSpan={3} ta="right">
                {label}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(amount)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th colSpan={3} ta="right">
              Total
            </Table.Th>
            <Table.Th ta="right">{formatMoney(order.total)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
