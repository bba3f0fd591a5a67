import { Alert, Button, Card, Container, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { cashPaymentNotice } from '@parade/core/digital-files';
import { ApiError } from '@parade/ui/api-errors';
import { IconCircleCheck, IconCreditCard, IconReceipt } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState, NothingHere } from '@/components/ui/states';
import { useInvoice } from '@/features/orders/api/get-invoice';
import { OrderCard } from '@/features/orders/components/order-card';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { useFormatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';

/**
 * /order/success?invoice=INV-…: the checkout's invoice, its orders per shop and the payment.
 * A card payment comes back here from Stripe (with redirect_status); until the webhook marks the
 * invoice paid, the page asks again every two seconds and says it is waiting.
 */
export function Component() {
  const [params] = useSearchParams();
  const number = params.get('invoice') ?? '';
  const stripeSaid = params.get('redirect_status');
  const invoice = useInvoice(number, { pollUntilPaid: stripeSaid !== null && stripeSaid !== 'failed' });
  const formatMoney = useFormatMoney();
  // The invoice is asked for again every two seconds for a minute (get-invoice); after that the
  // page stops promising and offers a manual check.
  const [patienceOver, setPatienceOver] = useState(false);
  // The order is placed: a screen reader hears it at once (the focus was on the Place order
  // button, now gone, so it fell to the page's body and nothing was read).
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = invoice.isSuccess;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  useEffect(() => {
    const timer = setTimeout(() => setPatienceOver(true), 60_000);
    return () => clearTimeout(timer);
  }, []);

  if (number === '') {
    return (
      <Container size="md" py="xl">
        <PageMeta title="No order to show" />
        <NothingHere
          title="No order to show"
          description="Your placed orders are listed in your account."
          action={
            <Button component={Link} to={paths.orders()}>
              My orders
            </Button>
          }
        />
      </Container>
    );
  }

  return (
    <Container size="md" py="lg">
      <PageMeta title="Order placed" />
      {invoice.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading your order">
          <Skeleton height={40} width="60%" />
          <Skeleton height={120} />
          <Skeleton height={120} />
        </Stack>
      ) : invoice.isError ? (
        invoice.error instanceof ApiError && invoice.error.status === 404 ? (
          <NothingHere title="Order not found" description={`There is no invoice ${number} in your account.`} />
        ) : (
          <ErrorState message={invoice.error.message} onRetry={() => invoice.refetch()} />
        )
      ) : (
        (() => {
          const { invoice: figures, orders } = invoice.data;
          const card = figures.payment_method === 'card';
          const failed = figures.payment_status === 'failed' || (card && stripeSaid === 'failed');
          // Back from Stripe (redirect_status set): the webhook is on its way. Arrived any other
          // way with the card still to pay: offer the payment step instead of waiting for nothing.
          const waiting = card && figures.payment_status === 'unpaid' && !failed && stripeSaid !== null;
          const toPay = card && figures.payment_status === 'unpaid' && !failed && stripeSaid === null;
          return (
            <Stack gap="lg">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <IconCircleCheck size={40} color="var(--mantine-color-green-8)" aria-hidden style={{ flex: 'none' }} />
                <Stack gap={2}>
                  <Title order={1} fz={{ base: 26, sm: 32 }} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
                    Thank you, your order is placed
                  </Title>
                  <Text>
                    Invoice <strong data-testid="invoice-number">{figures.number}</strong> ·{' '}
                    {orders.length === 1 ? 'one order' : `${orders.length} orders, one per shop`}
                  </Text>
                </Stack>
              </Group>

              <Card withBorder padding="md">
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text fw={700}>Total</Text>
                    <Text fw={800} fz="xl" data-testid="success-total">
                      {formatMoney(figures.total)}
                    </Text>
                  </Group>
                  <Group justify="space-between">
                    <Text>Payment: {card ? 'card' : 'cash'}</Text>
                    <StatusBadge
                      status={figures.payment_status}
                      label="Payment"
                      size="lg"
                      data-testid="payment-status"
                    />
                  </Group>
                  <div aria-live="polite" role="status">
                    {waiting && !patienceOver && (
                      <Group gap="sm" mt="xs" data-testid="payment-waiting">
                        <Loader size="sm" aria-hidden />
                        <Text>Waiting for payment confirmation…</Text>
                      </Group>
                    )}
                    {waiting && patienceOver && (
                      <Group gap="sm" mt="xs" justify="space-between">
                        <Text>
                          The payment is not confirmed yet. It can take a few minutes; your orders page will show it.
                        </Text>
                        <Button variant="light" onClick={() => invoice.refetch()} loading={invoice.isFetching}>
                          Check again
                        </Button>
                      </Group>
                    )}
                    {card && figures.payment_status === 'paid' && <Text mt="xs">Your card payment is confirmed.</Text>}
                    {toPay && (
                      <Group gap="sm" mt="xs" justify="space-between">
                        <Text>Your card payment is still to make.</Text>
                        <Button
                          component={Link}
                          to={paths.orderPayment(figures.number)}
                          leftSection={<IconCreditCard size={18} aria-hidden />}
                        >
                          Pay by card
                        </Button>
                      </Group>
                    )}
                    {!card &&
                      cashPaymentNotice(
                        orders.flatMap((order) => order.items),
                        figures.order_type,
                      ).map((sentence) => (
                        <Text key={sentence} mt="xs" c="dimmed" data-testid="cash-notice">
                          {sentence}
                        </Text>
                      ))}
                  </div>
                  {failed && (
                    <Alert color="error" variant="light" title="The card payment did not go through" role="alert">
                      <Stack gap="xs" align="flex-start">
                        <Text size="sm">Your order is kept for a while so you can try another card.</Text>
                        <Button
                          component={Link}
                          to={paths.orderPayment(figures.number)}
                          leftSection={<IconCreditCard size={18} aria-hidden />}
                        >
                          Try paying again
                        </Button>
                      </Stack>
                    </Alert>
                  )}
                </Stack>
              </Card>

              <Stack gap="sm" component="section" aria-labelledby="success-orders">
                <Title order={2} size="h4" id="success-orders">
                  Your orders
                </Title>
                {orders.map((order) => (
                  <OrderCard key={order.id} order={order} links />
                ))}
              </Stack>

              <Group gap="sm">
                <Button
                  component={Link}
                  to={paths.invoice(figures.number)}
                  leftSection={<IconReceipt size={18} aria-hidden />}
                >
                  View invoice
                </Button>
                <Button component={Link} to={paths.orders()} variant="default">
                  My orders
                </Button>
                <Button component={Link} to={paths.products()} variant="subtle">
                  Continue shopping
                </Button>
              </Group>
            </Stack>
          );
        })()
      )}
    </Container>
  );
}
