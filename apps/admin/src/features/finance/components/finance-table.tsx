import { Text } from '@mantine/core';
import type { FinanceReport, FinanceRow } from '@parade/core/finance-schemas';
import { formatMoney } from '@parade/core/money';
import { DataTable, type DataTableColumn } from 'mantine-datatable';

const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The finance report as a table: a row per day (oldest first) or per shop (by name), the range's
 * totals in the footer. Money right-aligned, in pounds; a shop's balance now in the last columns.
 */
export function FinanceTable({ report, fetching }: { report: FinanceReport; fetching: boolean }) {
  const byShop = report.group === 'shop';
  const label = byShop ? 'Figures per shop' : 'Figures per day';
  const money = (
    accessor: keyof FinanceRow & keyof FinanceReport['totals'],
    title: string,
  ): DataTableColumn<FinanceRow> => ({
    accessor,
    title,
    textAlign: 'right',
    render: (row) => formatMoney(row[accessor]),
    footer: formatMoney(report.totals[accessor]),
  });
  const columns: DataTableColumn<FinanceRow>[] = [
    {
      accessor: 'label',
      title: byShop ? 'Shop' : 'Day',
      render: (row) => (byShop ? row.label : longDay(row.label)),
      footer: 'Total',
    },
    { accessor: 'orders', title: 'Orders', textAlign: 'right', footer: String(report.totals.orders) },
    money('gross_sales', 'Gross sales'),
    money('commission', 'Commission'),
    money('refunds', 'Refunds'),
    money('payouts', 'Payouts'),
    ...(byShop
      ? ([
          {
            accessor: 'pending',
            title: 'Pending now',
            textAlign: 'right',
            render: (row) => formatMoney(row.pending ?? 0),
          },
          {
            accessor: 'available',
            title: 'Available now',
            textAlign: 'right',
            render: (row) => (
              <Text span size="sm" c={(row.available ?? 0) < 0 ? 'red.8' : undefined}>
                {formatMoney(row.available ?? 0)}
              </Text>
            ),
            // Not the column's sum: a shop that owes the platform (a negative balance) does not
            // lower what is due to the shops that are owed.
            footer: (
              <Text span size="sm" fw={700} data-testid="payouts-due">
                Due {formatMoney(report.payouts_due)}
              </Text>
            ),
          },
        ] satisfies DataTableColumn<FinanceRow>[])
      : []),
  ];
  return (
    <DataTable<FinanceRow>
      aria-label={label}
      // A wide table scrolls sideways on a phone: its viewport takes the keyboard's focus.
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls)` } }}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={160}
      records={report.rows}
      idAccessor="key"
      columns={columns}
      fetching={fetching}
      noRecordsText="No shop has any figures in these days."
    />
  );
}
