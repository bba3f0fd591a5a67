import { Box, Button, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@parade/core/messages';
import { FormAlert } from '@parade/ui/form-alert';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ErrorState } from '@/components/ui/states';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';
import { createPaymentToken } from '../api/create-payment-token';
import { loadStripeJs, type StripeClient, type StripeElements } from '../lib/load-stripe';

/**
 * The card step: asks the API for the invoice's PaymentIntent, loads Stripe.js (only here),
 * mounts Stripe's Payment Element and confirms the payment. Stripe then sends the shopper to
 * `returnUrl`, where the success page waits for the webhook to mark the invoice paid.
 */
export function CardPaymentForm({
  invoice,
  amountLabel,
  stripeJsUrl,
  returnUrl,
  onRefused,
}: {
  invoice: string;
  amountLabel: string;
  stripeJsUrl?: string;
  returnUrl: string;
  /** The card was refused (the shopper may try another on the same form). */
  onRefused?: () => void;
}) {
  const userId = useCurrentUserId();
  const setup = useQuery({
    queryKey: userQueryKey(userId, 'card-payment', invoice),
    queryFn: async ({ signal }) => {
      const [token, Stripe] = await Promise.all([createPaymentToken(invoice, signal), loadStripeJs(stripeJsUrl)]);
      return { token, Stripe };
    },
    enabled: userId !== null,
    // One PaymentIntent per visit: never refetched behind the shopper's back while they type.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const mountRef = useRef<HTMLDivElement>(null);
  const session = useRef<{ stripe: StripeClient; elements: StripeElements } | null>(null);
  const [mounted, setMounted] = useState(false);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = mountRef.current;
    if (!setup.data || !target) return;
    const stripe = setup.data.Stripe(setup.data.token.publishable_key);
    const elements = stripe.elements({
      clientSecret: setup.data.token.client_secret,
      appearance: { theme: 'stripe', variables: { colorPrimary: '#C2410C', colorDanger: '#A51D1D' } },
    });
    const element = elements.create('payment', { layout: 'tabs' });
    element.mount(target);
    session.current = { stripe, elements };
    setMounted(true);
    return () => {
      element.destroy();
      session.current = null;
      setMounted(false);
    };
  }, [setup.data]);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!session.current || paying) return;
    setPaying(true);
    setFailure(null);
    try {
      const { stripe, elements } = session.current;
      const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
      // On success Stripe navigates away; coming back here means the card was refused or incomplete.
      if (result.error) {
        setFailure(result.error.message ?? messages.genericError);
        onRefused?.();
      }
    } catch {
      setFailure(messages.genericError);
    } finally {
      setPaying(false);
    }
  }

  if (setup.isError) {
    return (
      <ErrorState
        message={setup.error.message}
        onRetry={() => setup.refetch()}
        title="The card payment could not start"
      />
    );
  }
  return (
    <form onSubmit={pay} noValidate aria-label="Card payment">
      <Stack gap="md">
        <div ref={alertRef} tabIndex={-1}>
          <FormAlert message={failure} title="Payment not taken" data-testid="payment-error" />
        </div>
        {setup.isPending && (
          <Stack align="center" gap="xs" py="lg" role="status">
            <Loader aria-hidden />
            <Text>Loading the secure card form…</Text>
          </Stack>
        )}
        <Box ref={mountRef} data-testid="payment-element" mih={setup.isPending ? 0 : 120} />
        <Button
          type="submit"
          size="lg"
          fullWidth
          leftSection={<IconLock size={18} aria-hidden />}
          loading={paying}
          disabled={!mounted}
        >
          Pay {amountLabel}
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">
          {paying ? 'Confirming your payment…' : 'Your card details go straight to Stripe; Parade never sees them.'}
        </Text>
      </Stack>
    </form>
  );
}
