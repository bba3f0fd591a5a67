import { Drawer, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Offer } from '@parade/core/offer-schemas';
import { StatCard } from '@/components/stat-card';
import { ErrorState, LoadingState } from '@/components/states';
import { formatMoney } from '@/lib/format';
import { useOfferStats } from '../api/get-offer-stats';

const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });

/** One offer's claims by status and what they gave away, beside the list it was opened from. */
export function OfferStatsDrawer({ offer, onClose }: { offer: Offer | null; onClose: () => void }) {
  const stats = useOfferStats(offer?.id ?? null);
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer
      opened={offer !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={offer ? `Stats: ${offer.title}` : 'Stats'}
    >
      {offer &&
        (stats.isPending ? (
          <LoadingState label="Loading the offer's stats…" />
        ) : stats.isError ? (
          <ErrorState error={stats.error} onRetry={() => stats.refetch()} />
        ) : (
          <Stack gap="md" data-testid="offer-stats">
            <Text size="sm" c="dimmed">
              {offer.max_claims === null
                ? `${offer.claims_count} claims counted, no limit.`
                : `${offer.claims_count} of ${offer.max_claims} claims counted (${offer.claims_left ?? 0} left).`}
            </Text>
            <SimpleGrid cols={2} spacing="sm">
              <StatCard label="Claims" value={stats.data.total_claims} />
              <StatCard label="Pending" value={stats.data.pending_claims} />
              <StatCard label="Confirmed" value={stats.data.confirmed_claims} />
              <StatCard label="Used" value={stats.data.used_claims} />
              <StatCard label="Cancelled" value={stats.data.cancelled_claims} />
              <StatCard label="Expired" value={stats.data.expired_claims} />
              <StatCard label="Discount given" value={formatMoney(stats.data.total_discount_applied)} />
              <StatCard label="Points awarded" value={stats.data.total_points_awarded} />
            </SimpleGrid>
            <StatCard
              label="Conversion"
              value={percent.format(stats.data.conversion_rate)}
              hint="Claims used, out of all claims"
            />
          </Stack>
        ))}
    </Drawer>
  );
}
