import { Anchor, Grid, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useQrStats, useShopOfferStats } from '@/features/offer-stats/api/get-offer-stats';
import { formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';

// The chart library (recharts) is most of this screen's code: the figures show first, the charts follow.
const ClaimsByStatusChart = lazy(async () => ({
  default: (await import('@/features/offer-stats/components/claims-by-status-chart')).ClaimsByStatusChart,
}));
const ClaimsFunnelChart = lazy(async () => ({
  default: (await import('@/features/offer-stats/components/claims-funnel-chart')).ClaimsFunnelChart,
}));

const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
const chartFallback = <Skeleton h={200} role="status" aria-label="Loading the chart" />;

/** How the shop's offers do: offers running, claims by status, what they gave away, QR scans. */
export function Component() {
  const stats = useShopOfferStats();
  const qr = useQrStats();
  return (
    <Stack gap="lg">
      <PageHeader title="Offer stats" description="How your offers and claims are doing, over all time." />
      {stats.isPending ? (
        <LoadingState />
      ) : stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => stats.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <StatCard label="Offers" value={stats.data.total_offers} />
            <StatCard
              label="Active offers"
              value={stats.data.active_offers}
              hint={
                <Anchor component={Link} to={`${paths.vendor.offers}?status=active`} size="sm">
                  See them
                </Anchor>
              }
            />
            <StatCard label="Featured offers" value={stats.data.featured_offers} />
            <StatCard label="Claims" value={stats.data.total_claims} />
            <StatCard
              label="Waiting to confirm"
              value={stats.data.pending_claims}
              hint={
                <Anchor component={Link} to={`${paths.vendor.claims}?status=pending`} size="sm">
                  Open the inbox
                </Anchor>
              }
            />
            <StatCard
              label="Discount given"
              value={formatMoney(stats.data.total_discount_applied)}
              hint="On used claims"
            />
            <StatCard label="Points awarded" value={stats.data.total_points_awarded} />
            <StatCard
              label="Conversion"
              value={percent.format(stats.data.conversion_rate)}
              hint="Claims used, out of all claims"
            />
          </SimpleGrid>
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Paper withBorder p="md" radius="md" h="100%">
                <Title order={2} size="h4" mb="sm">
                  Claims by status
                </Title>
                {stats.data.total_claims === 0 ? (
                  <EmptyState>No claims yet.</EmptyState>
                ) : (
                  <Suspense fallback={chartFallback}>
                    <ClaimsByStatusChart stats={stats.data} />
                  </Suspense>
                )}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Paper withBorder p="md" radius="md" h="100%">
                <Title order={2} size="h4" mb="sm">
                  From claim to use
                </Title>
                {stats.data.total_claims === 0 ? (
                  <EmptyState>No claims yet.</EmptyState>
                ) : (
                  <Suspense fallback={chartFallback}>
                    <ClaimsFunnelChart
                      claimed={stats.data.total_claims}
                      confirmed={stats.data.confirmed_claims}
                      used={stats.data.used_claims}
                    />
                  </Suspense>
                )}
              </Paper>
            </Grid.Col>
          </Grid>
        </>
      )}
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          QR code
        </Title>
        {qr.isPending ? (
          <LoadingState label="Loading the QR stats…" />
        ) : qr.isError ? (
          <ErrorState error={qr.error} onRetry={() => qr.refetch()} />
        ) : (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <StatCard label="Scans" value={qr.data.scans} />
              <StatCard label="Claims from scans" value={qr.data.claims_from_scans} />
              <StatCard label="Claims from scans used" value={percent.format(qr.data.conversion_rate)} />
            </SimpleGrid>
            {qr.data.scans === 0 && (
              <Text size="sm" c="dimmed">
                No scans yet. Print your QR code and put it by the till.
              </Text>
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
