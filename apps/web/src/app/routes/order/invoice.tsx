import {
  Button,
  Card,
  Container,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { ApiError } from '@parade/ui/api-errors';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState, NothingHere } from '@/components/ui/states';
import { useSettings } from '@/features/content/api/get-settings';
import { useInvoice } from '@/features/orders/api/get-invoice';
import { InvoiceTotals } from '@/features/orders/components/invoice-totals';
import { OrderLines } from '@/features/orders/components/order-lines';
import { OrderVat } from '@/features/orders/components/order-vat';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { useFormatDate, useFormatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import classes from './invoice.module.css';

/** /order/invoice/{invoice}: the printable invoice of one checkout (the owner's only; others get not found). */
export function Component() {
  const number = useParams().invoice ?? '';
  const invoice = useInvoice(number);
  const settings = useSettings().data;
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();

  if (invoice.isPending) {
    return (
      <Container size="md" py="lg">
        <Stack gap="md" aria-busy="true" aria-label="Loading the invoice">
          <Skeleton height={40} width="50%" />
          <Skeleton height={200} />
        </Stack>
      </Container>
    );
  }
  if (invoice.isError) {
    return (
      <Container size="md" py="lg">
        <PageMeta title="Invoice not found" />
        {invoice.error instanceof ApiError && invoice.error.status === 404 ? (
          <NothingHere
            title="Invoice not found"
            description={`There is no invoice ${number} in your account.`}
            action={
              <Button component={Link} to={paths.orders()}>
                My orders
              </Button>
            }
          />
        ) : (
          <ErrorState message={invoice.error.message} onRetry={() => invoice.refetch()} />
        )}
      </Container>
    );
  }

  const { invoice: figures, orders } = invoice.data;
  return (
    <Container size="md" py="lg">
      <PageMeta title={`Invoice ${figures.number}`} />
      <Group justify="space-between" mb="md" data-print-hide>
        <Button
          component={Link}
          to={paths.orders()}
          variant="subtle"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          My orders
        </Button>
        <Button onClick={() => window.print()} leftSection={<IconPrinter size={18} aria-hidden />}>
          Print
        </Button>
      </Group>
      <Paper
        withBorder
        p={{ base: 'md', sm: 'xl' }}
        radius="md"
        className={classes.sheet}
        component="article"
        aria-labelledby="invoice-title"
      >
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Text fw={800} fz="xl">
                {settings?.company_name || settings?.site_title || 'Parade'}
              </Text>
              {settings?.address && <Text size="sm">{settings.address}</Text>}
              {(settings?.city || settings?.postcode) && (
                <Text size="sm">{[settings?.city, settings?.postcode].filter(Boolean).join(' ')}</Text>
              )}
              {settings?.email && <Text size="sm">{settings.email}</Text>}
            </Stack>
            <Stack gap={2} align="flex-end">
              <Title order={1} fz={26} id="invoice-title">
                Invoice {figures.number}
              </Title>
              <Text size="sm">Date {formatDate(figures.created_at)}</Text>
              <Group gap={6}>
                <Text size="sm">Payment ({figures.payment_method})</Text>
                <StatusBadge status={figures.payment_status} label="Payment" />
              </Group>
            </Stack>
          </Group>

          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Stack gap={2}>
              <Text fw={700}>{figures.order_type === 'delivery' ? 'Delivery to' : 'Collection from'}</Text>
              {figures.order_type === 'delivery' && figures.address ? (
                <>
                  <Text size="sm">{figures.address.name}</Text>
                  <Text size="sm">{[figures.address.line1, figures.address.line2].filter(Boolean).join(', ')}</Text>
                  <Text size="sm">
                    {figures.address.city} {figures.address.postcode}
                  </Text>
                  <Text size="sm">{figures.address.phone}</Text>
                </>
              ) : (
                <Text size="sm" data-testid="invoice-collection-point">
                  {figures.collection_point ?? 'Not given'}
                </Text>
              )}
            </Stack>
            {figures.note && (
              <Stack gap={2}>
                <Text fw={700}>Your note</Text>
                <Text size="sm" data-testid="invoice-note" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {figures.note}
                </Text>
              </Stack>
            )}
          </SimpleGrid>

          <Stack gap="md">
            {orders.map((order) => (
              <Card
                key={order.id}
                withBorder
                padding="sm"
                component="section"
                aria-label={`Order from ${order.shop.name}`}
                data-testid="invoice-order"
              >
                <Group justify="space-between" mb="xs" gap="xs">
                  <Text fw={700}>
                    {order.shop.name} · order #{order.id}
                  </Text>
                  <StatusBadge status={order.status} label="Order status" />
                </Group>
                <OrderLines order={order} />
                <Divider my="xs" />
                <Stack gap={2}>
                  {order.discount > 0 && (
                    <Group justify="space-between">
                      <Text size="sm">Coupon{order.coupon_code ? ` ${order.coupon_code}` : ''}</Text>
                      <Text size="sm">−{formatMoney(order.discount)}</Text>
                    </Group>
                  )}
                  {order.reward_discount > 0 && (
                    <Group justify="space-between">
                      <Text size="sm">Reward points</Text>
                      <Text size="sm">−{formatMoney(order.reward_discount)}</Text>
                    </Group>
                  )}
                  {order.shipping_charge > 0 && (
                    <Group justify="space-between">
                      <Text size="sm">Delivery charge</Text>
                      <Text size="sm">{formatMoney(order.shipping_charge)}</Text>
                    </Group>
                  )}
                  <Group justify="space-between">
                    <Text size="sm" fw={700}>
                      Order total
                    </Text>
                    <Text size="sm" fw={700}>
                      {formatMoney(order.total)}
                    </Text>
                  </Group>
                </Stack>
                <OrderVat order={order} label={`VAT in the order from ${order.shop.name}`} divided />
              </Card>
            ))}
          </Stack>

          <Group justify="flex-end">
            <Stack w={{ base: '100%', xs: 320 }}>
              <InvoiceTotals figures={figures} />
            </Stack>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
