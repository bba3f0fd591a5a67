import { Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@parade/ui/api-errors';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState, NothingHere } from '@/components/ui/states';
import { CardPaymentForm } from '@/features/checkout/components/card-payment-form';
import { useSettings } from '@/features/content/api/get-settings';
import { useInvoice } from '@/features/orders/api/get-invoice';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { useFormatDate, useFormatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';

/**
 * /order/pay/{invoice}: the card step of a checkout. The only screen that loads Stripe.js
 * (from setting `stripe_js_url` when the server gives one, else Stripe's own address).
 */
export function Component() {
  const number = useParams().invoice ?? '';
  const invoice = useInvoice(number);
  const settings = useSettings();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatDate();
  // Stripe said no on this page: the invoice reads "failed" (as the API will once Stripe's
  // notice arrives), not "unpaid" as it was loaded.
  const [refused, setRefused] = useState(false);
  // The payments API may add `stripe_js_url` to the settings (the browser tests' stand-in).
  const stripeJsUrl = (settings.data as Record<string, string | undefined> | undefined)?.stripe_js_url;

  let content: React.ReactNode;
  if (invoice.isPending || settings.isPending) {
    content = <Skeleton height={220} role="status" aria-label="Loading the payment" />;
  } else if (invoice.isError) {
    content =
      invoice.error instanceof ApiError && invoice.error.status === 404 ? (
        <NothingHere title="Invoice not found" description={`There is no invoice ${number} in your account.`} />
      ) : (
        <ErrorState message={invoice.error.message} onRetry={() => invoice.refetch()} />
      );
  } else if (invoice.data.invoice.payment_status === 'paid') {
    content = (
      <NothingHere
        title="This order is already paid"
        action={
          <Button component={Link} to={paths.orderSuccess(number)}>
            See your order
          </Button>
        }
      />
    );
  } else {
    const figures = invoice.data.invoice;
    content = (
      <Stack gap="md">
        <Card withBorder padding="md">
          <Stack gap={4}>
            <Group justify="space-between">
              <Text>
                Invoice <strong>{figures.number}</strong>
              </Text>
              <StatusBadge status={refused ? 'failed' : figures.payment_status} label="Payment" />
            </Group>
            <Group justify="space-between">
              <Text fw={700}>To pay</Text>
              <Text fw={800} fz="xl">
                {formatMoney(figures.total)}
              </Text>
            </Group>
            {figures.payment_due_at && (
              <Text size="sm" c="dimmed">
                Your items are held for you until {formatDate(figures.payment_due_at)}{' '}
                {new Date(figures.payment_due_at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}.
              </Text>
            )}
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <CardPaymentForm
            invoice={figures.number}
            amountLabel={formatMoney(figures.total)}
            stripeJsUrl={stripeJsUrl}
            returnUrl={`${window.location.origin}${paths.orderSuccess(figures.number)}`}
            onRefused={() => setRefused(true)}
          />
        </Card>
      </Stack>
    );
  }

  return (
    <Container size="sm" py="lg">
      <PageMeta title="Pay by card" />
      <Title order={1} mb="md">
        Pay by card
      </Title>
      {content}
    </Container>
  );
}
