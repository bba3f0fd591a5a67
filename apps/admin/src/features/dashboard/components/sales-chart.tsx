import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import { formatDate, formatMoney } from '@/lib/format';

const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/London' });

/**
 * Revenue per day over 30 days. The chart is a picture for sighted users; the same figures
 * follow as a table that screen readers read instead (the SVG itself is hidden from them).
 */
export function SalesChart({ days }: { days: { date: string; orders: number; revenue: number }[] }) {
  const data = days.map((day) => ({
    day: shortDay.format(new Date(`${day.date}T12:00:00Z`)),
    revenue: day.revenue / 100,
    orders: day.orders,
  }));
  return (
    <>
      <div aria-hidden>
        <BarChart
          h={220}
          data={data}
          dataKey="day"
          series={[{ name: 'revenue', label: 'Revenue (£)', color: 'primary.7' }]}
          valueFormatter={(value) => formatMoney(Math.round(value * 100))}
          tickLine="y"
          gridAxis="y"
          // Recharts' keyboard layer would put a focus stop inside this aria-hidden picture.
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>Sales over the last 30 days</caption>
          <thead>
            <tr>
              <th>Date</th>
              <th>Orders</th>
              <th>Revenue</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{formatDate(day.date)}</td>
                <td>{day.orders}</td>
                <td>{formatMoney(day.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
