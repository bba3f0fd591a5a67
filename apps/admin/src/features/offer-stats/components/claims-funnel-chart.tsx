import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';

/**
 * How far claims get, as bars: claimed, confirmed or used, used. A confirmed claim that was then
 * used has passed confirmation, so the middle bar counts both. Hidden from screen readers, who
 * get the table.
 */
export function ClaimsFunnelChart({ claimed, confirmed, used }: { claimed: number; confirmed: number; used: number }) {
  const data = [
    { step: 'Claimed', claims: claimed },
    { step: 'Got confirmed', claims: confirmed + used },
    { step: 'Used', claims: used },
  ];
  return (
    <>
      <div aria-hidden>
        <BarChart
          h={200}
          data={data}
          dataKey="step"
          series={[{ name: 'claims', label: 'Claims', color: 'accent.7' }]}
          tickLine="y"
          gridAxis="y"
          withTooltip={false}
          barChartProps={{ accessibilityLayer: false }}
          yAxisProps={{ allowDecimals: false }}
          barProps={{ isAnimationActive: false }}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>Claims by how far they got</caption>
          <thead>
            <tr>
              <th>Step</th>
              <th>Claims</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.step}>
                <td>{d.step}</td>
                <td>{d.claims}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
