import { Paper, Text, Title } from '@mantine/core';
import type { VendorOrder } from '@parade/core/vendor-schemas';

/** The address lines of a delivery, in the order a label is written. */
export function addressLines(address: NonNullable<VendorOrder['address']>): string[] {
  return [address.name, address.line1, address.line2, address.city, address.postcode].filter((line): line is string =>
    Boolean(line),
  );
}

/**
 * Where the order goes and what the shopper asked for, exactly as on the invoice: the delivery
 * address (with the phone to ring) or the collection point, and the shopper's note.
 */
export function Handover({ order }: { order: VendorOrder }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="handover">
      <Title order={2} size="h4" mb="xs">
        {order.order_type === 'delivery' ? 'Deliver to' : 'Collection'}
      </Title>
      {order.address ? (
        <>
          <Text component="address" fs="normal" size="sm" style={{ whiteSpace: 'pre-line' }}>
            {addressLines(order.address).join('\n')}
          </Text>
          <Text size="sm" mt={4}>
            Phone: {order.address.phone}
          </Text>
        </>
      ) : (
        <Text size="sm">{order.collection_point ?? 'No collection point was recorded.'}</Text>
      )}
      <Title order={3} size="h5" mt="md" mb={4}>
        Note from the shopper
      </Title>
      <Text size="sm" fs={order.note ? undefined : 'italic'} c={order.note ? undefined : 'dimmed'}>
        {order.note ?? 'No note.'}
      </Text>
    </Paper>
  );
}
