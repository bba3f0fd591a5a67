import { Anchor, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState, placeholderKeys } from '@/components/ui/states';
import { useFormatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useClaimStats } from '../api/get-claim-stats';

/**
 * The customer's offer stats (spec section 3), at the top of My offers: claims by status, the
 * discount received and the points earned, and the shops claimed from most. A definition list,
 * so each number is read with its name.
 */
export function ClaimStats() {
  const stats = useClaimStats();
  const formatMoney = useFormatMoney();

  if (stats.isPending)
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" aria-busy="true" aria-label="Loading your offer stats">
        {placeholderKeys(5).map((key) => (
          <Skeleton key={key} height={72} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (stats.isError) return <ErrorState message={stats.error.message} onRetry={() => stats.refetch()} />;

  const s = stats.data;
  const tiles: { label: string; value: string; key: string }[] = [
    { key: 'total_claims', label: 'Claims', value: String(s.total_claims) },
    { key: 'active_claims', label: 'Active', value: String(s.active_claims) },
    { key: 'pending_claims', label: 'Pending', value: String(s.pending_claims) },
    { key: 'confirmed_claims', label: 'Confirmed', value: String(s.confirmed_claims) },
    { key: 'used_claims', label: 'Used', value: String(s.used_claims) },
    { key: 'expired_claims', label: 'Expired', value: String(s.expired_claims) },
    { key: 'cancelled_claims', label: 'Cancelled', value: String(s.cancelled_claims) },
    { key: 'total_discount_received', label: 'Discount received', value: formatMoney(s.total_discount_received) },
    { key: 'total_points_earned', label: 'Points earned', value: String(s.total_points_earned) },
  ];

  return (
    <section aria-labelledby="claim-stats-title">
      <Text component="h3" id="claim-stats-title" fw={700} fz="lg" mb="xs" mt={0}>
        Your offers at a glance
      </Text>
      <SimpleGrid component="dl" cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" m={0} data-testid="claim-stats">
        {tiles.map((tile) => (
          <Paper key={tile.key} withBorder radius="md" p="sm" data-stat={tile.key}>
            <Text component="dt" size="xs" c="dimmed" fw={700} tt="uppercase">
              {tile.label}
            </Text>
            <Text component="dd" fz={22} fw={800} m={0} data-testid={`stat-${tile.key}`}>
              {tile.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {s.favorite_vendors.length > 0 && (
        <Text size="sm" mt="sm">
          Your favourite shops:{' '}
          {s.favorite_vendors.map((vendor, i) => (
            <span key={vendor.slug}>
              {i > 0 && ', '}
              <Anchor component={Link} to={paths.vendorOffers(vendor.slug)} underline="always" size="sm">
                {vendor.name}
              </Anchor>{' '}
              ({vendor.claims} {vendor.claims === 1 ? 'claim' : 'claims'})
            </span>
          ))}
        </Text>
      )}
    </section>
  );
}
