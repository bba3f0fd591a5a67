import { Divider, Group, Stack, Text } from '@mantine/core';
import { type OrderVatSource, orderVat, vatRateLabel } from '@parade/core/vat';
import { useFormatMoney } from '@/lib/format';

/**
 * "VAT included": the VAT at each rate in an order's prices and its shop's VAT number, for an
 * order of a shop that was VAT-registered when it was placed; nothing at all for any other
 * (decision 029). `divided` sets it off from the figures above with a rule.
 */
export function OrderVat({
  order,
  label,
  divided = false,
}: {
  order: OrderVatSource;
  label: string;
  divided?: boolean;
}) {
  const formatMoney = useFormatMoney();
  const vat = orderVat(order);
  if (!vat) return null;
  return (
    <>
      {divided ? <Divider my="xs" /> : null}
      <Stack gap={2} mt={divided ? 0 : 'xs'} role="group" aria-label={label} data-testid="order-vat">
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
    </>
  );
}
