import { Group, Stack, Table, Text } from '@mantine/core';
import { orderVat, vatRateLabel } from '@parade/core/vat';
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

/**
 * The VAT in the order's prices at each rate and the shop's VAT number, as the customer's invoice
 * shows them; nothing for an order placed while the shop was not VAT-registered (decision 029).
 */
function OrderVat({ order }: { order: Order }) {
  const vat = orderVat(order);
  if (!vat) return null;
  return (
    <Stack gap={2} mt="sm" maw={360} ml="auto" role="group" aria-label="VAT included" data-testid="order-vat">
      <Text size="sm" fw={600}>
        VAT included
      </Text>
      {vat.rates.map(({ rate, vat: pence }) => (
        <Group key={rate} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">{vatRateLabel(rate)}</Text>
          <Text size="sm">{formatMoney(pence)}</Text>
        </Group>
      ))}
      <Text size="sm">VAT number: {vat.vatNumber}</Text>
    </Stack>
  );
}

/** The lines and the order's figures: what to pick and pack, and what the customer pays (with its VAT). */
export function OrderLines({ order }: { order: Order }) {
  const figures: [string, number][] = [
    ['Subtotal', order.subtotal],
    ...(order.discount ? ([[couponLabel(order), -order.discount]] as [string, number][]) : []),
    ...(order.reward_discount ? ([['Reward points', -order.reward_discount]] as [string, number][]) : []),
    ...(order.shipping_charge ? ([['Delivery', order.shipping_charge]] as [string, number][]) : []),
  ];
  return (
    <>
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
      <OrderVat order={order} />
    </>
  );
}
