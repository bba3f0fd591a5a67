import { SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { StatCard } from '@/components/stat-card';
import { ErrorState } from '@/components/states';
import { useQrStats } from '../api/get-qr-code';

const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });

/** How the printed code is doing: visits through it, claims made from them, and the ratio. */
export function QrStats() {
  const stats = useQrStats();
  return (
    <Stack gap="sm" component="section" aria-labelledby="qr-stats-title">
      <Title order={2} size="h4" id="qr-stats-title">
        How your code is doing
      </Title>
      {stats.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 3 }} role="status" aria-label="Loading the QR stats">
          <Skeleton h={92} />
          <Skeleton h={92} />
          <Skeleton h={92} />
        </SimpleGrid>
      ) : stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => stats.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 3 }} data-testid="qr-stats">
          <StatCard label="Scans" value={stats.data.scans} hint="Visits through any of your codes" />
          <StatCard label="Claims from scans" value={stats.data.claims_from_scans} hint="Offers claimed after a scan" />
          <StatCard
            label="Conversion"
            value={percent.format(stats.data.conversion_rate)}
            hint={
              stats.data.claims_from_scans === 0 ? 'No claims from scans yet' : 'Claims from scans used, out of all'
            }
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
