import '@mantine/charts/styles.layer.css';
import { DonutChart } from '@mantine/charts';
import { Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { VendorOfferStats } from '@parade/core/offer-schemas';

/** Spec section 4's badge tones for the statuses it names (pending warning, cancelled error); the others in quieter colours. */
const slices = [
  { key: 'pending_claims', name: 'Pending', color: 'primary.5' },
  { key: 'confirmed_claims', name: 'Confirmed', color: 'blue.7' },
  { key: 'used_claims', name: 'Used', color: 'green.8' },
  { key: 'cancelled_claims', name: 'Cancelled', color: 'error.7' },
  { key: 'expired_claims', name: 'Expired', color: 'gray.6' },
] as const;

/**
 * The shop's claims by status as a donut with a legend. The picture is for sighted users; the
 * same figures follow as a table that screen readers read instead (the SVG is hidden from them).
 */
export function ClaimsByStatusChart({ stats }: { stats: VendorOfferStats }) {
  const data = slices.map((s) => ({ name: s.name, value: stats[s.key], color: s.color }));
  return (
    <>
      <Group aria-hidden gap="xl" justify="center" wrap="wrap">
        <DonutChart
          data={data.filter((d) => d.value > 0)}
          size={180}
          thickness={28}
          withLabels={false}
          withTooltip={false}
          chartLabel={stats.total_claims}
          // Its sectors are a tab stop of their own by default (rootTabIndex 0): not inside an aria-hidden picture.
          pieProps={{ isAnimationActive: false, rootTabIndex: -1 }}
          // Recharts' keyboard layer would put a focus stop inside this aria-hidden picture.
          pieChartProps={{ accessibilityLayer: false }}
        />
        <Stack gap={6}>
          {data.map((d) => (
            <Group key={d.name} gap="xs" wrap="nowrap">
              <svg width={12} height={12} aria-hidden>
                <rect width={12} height={12} rx={2} fill={`var(--mantine-color-${d.color.replace('.', '-')})`} />
              </svg>
              <Text size="sm">
                {d.name}: <b>{d.value}</b>
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
      <VisuallyHidden>
        <Table>
          <caption>Claims by status</caption>
          <thead>
            <tr>
              <th>Status</th>
              <th>Claims</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.name}>
                <td>{d.name}</td>
                <td>{d.value}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
