import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@parade/core/money';
import { ledgerKindLabels, monthSchema } from '@parade/core/money-schemas';
import { vatRateLabel } from '@parade/core/vat';
import { IconPrinter } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '@/components/states';
import { useStatement } from '@/features/money/api/money';
import { SignedAmount } from '@/features/money/components/ledger-table';
import { monthLabel, recentMonths } from '@/features/money/components/month-options';
import { formatDateTime } from '@/lib/format';

/** One month of the shop's ledger as a statement: made to be printed (or saved as PDF) as it is. */
export function Component() {
  const [params] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = monthSchema.safeParse(asked).success ? asked : recentMonths(1)[0]!.value;
  const statement = useStatement(month);

  if (statement.isPending) return <LoadingState />;
  if (statement.isError) return <ErrorState error={statement.error} onRetry={() => statement.refetch()} />;
  const { shop, entries, totals, opening_balance, closing_balance, vat } = statement.data;

  return (
    <Stack gap="md" data-testid="statement">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            Statement for {monthLabel(month)}
          </Title>
          <Text fw={600}>{shop.name}</Text>
          {shop.vat_number && <Text size="sm">VAT number: {shop.vat_number}</Text>}
          <Text size="sm" c="dimmed">
            Parade marketplace. Amounts in pounds; + owed to the shop, − owed to Parade or paid out.
          </Text>
        </div>
        <Button
          className="no-print"
          variant="default"
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={() => window.print()}
        >
          Print
        </Button>
      </Group>
      {month !== asked && asked !== '' && (
        <Alert className="no-print" color="warning" title="Not a month">
          “{asked}” is not a month; this is the current one.
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label={`Entries of ${monthLabel(month)}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Entry</Table.Th>
                <Table.Th>Order or reason</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td colSpan={3} fw={600}>
                  Opening balance
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(opening_balance)}
                </Table.Td>
              </Table.Tr>
              {entries.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="dimmed">
                      Nothing moved this month.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDateTime(entry.created_at)}</Table.Td>
                  <Table.Td>{ledgerKindLabels[entry.kind]}</Table.Td>
                  <Table.Td>{entry.invoice_number ?? entry.note ?? ''}</Table.Td>
                  <Table.Td ta="right">
                    <SignedAmount pence={entry.amount} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              {(Object.keys(totals) as (keyof typeof totals)[])
                .filter((kind) => totals[kind] !== 0)
                .map((kind) => (
                  <Table.Tr key={kind}>
                    <Table.Td colSpan={3}>Total {ledgerKindLabels[kind].toLowerCase()}</Table.Td>
                    <Table.Td ta="right">
                      <SignedAmount pence={totals[kind]} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              <Table.Tr>
                <Table.Th colSpan={3}>Closing balance</Table.Th>
                <Table.Th ta="right" data-testid="closing-balance">
                  {formatMoney(closing_balance)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {vat.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Table verticalSpacing="xs" aria-label={`VAT in the sales of ${monthLabel(month)}`}>
            <Table.Caption ta="left">
              The VAT included in the sales that became due this month, per rate, for your VAT return.
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rate</Table.Th>
                <Table.Th ta="right">Sales (VAT included)</Table.Th>
                <Table.Th ta="right">VAT</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {vat.map((row) => (
                <Table.Tr key={row.rate}>
                  <Table.Td>{vatRateLabel(row.rate)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.sales)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.vat)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
