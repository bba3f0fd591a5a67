import { Stack, Text } from '@mantine/core';
import type { VendorClaim } from '@parade/core/offer-schemas';
import { formatDiscount, formatMoney } from '@/lib/format';

/** Which claim an action is about, at the top of its modal: the code, the offer and the customer. */
export function ClaimSummary({ claim }: { claim: VendorClaim }) {
  return (
    <Stack gap={2}>
      <Text size="sm">
        Code{' '}
        <Text span fw={700} ff="monospace">
          {claim.code}
        </Text>{' '}
        · {claim.offer.title} ({formatDiscount(claim.offer.discount_type, claim.offer.discount_value)}
        {claim.offer.min_spend > 0 ? ` on ${formatMoney(claim.offer.min_spend)} or more` : ''})
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {claim.customer.name} · {claim.customer.email}
      </Text>
    </Stack>
  );
}
