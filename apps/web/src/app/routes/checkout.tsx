import { Alert, Button, Card, Container, Grid, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PaymentMethod } from '@parade/core/enums';
import { messages } from '@parade/core/messages';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { IconMapPin } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApiForm } from '@/components/form/use-api-form';
import { PageMeta } from '@/components/ui/page-meta';
import { NothingHere } from '@/components/ui/states';
import { useRewardBalances } from '@/features/cart/api/get-reward-points';
import { CartShopGroups } from '@/features/cart/components/cart-shop-groups';
import { CartSummary } from '@/features/cart/components/cart-summary';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { type PlaceOrderBody, usePlaceOrder } from '@/features/checkout/api/place-order';
import { PaymentMethodPicker } from '@/features/checkout/components/payment-method-picker';
import { type CheckoutRefusal, checkoutRefusal } from '@/features/checkout/lib/checkout-refusal';
import { useSettings } from '@/features/content/api/get-settings';
import { useLocationStore } from '@/features/location/stores/location-store';
import { paths } from '@/lib/paths';
import { DeliveryAddressPicker } from '../components/delivery-address-picker';

/** /cart: checkout (login required: the router's loader sends a guest to Login first). */
export function Component() {
  return <Checkout />;
}

const chooseAddress = 'Choose a delivery address, or add a new one.';

/** A refusal found before sending, in the same shape as the server's, so both show the same way. */
const clientRefusal = (message: string, field: string) => new ApiError(message, 422, { [field]: [message] });

function Checkout() {
  const navigate = useNavigate();
  const items = useCartStore((s) => s.items);
  const shopCoupons = useCartStore((s) => s.shopCoupons);
  const rewardPointsApplied = useCartStore((s) => s.rewardPointsApplied);
  const clearCart = useCartStore((s) => s.clear);
  const orderType = useLocationStore((s) => s.orderType);
  const selected = useLocationStore((s) => s.selectedLocation);
  const openLocationModal = useLocationStore((s) => s.openPopup);
  const cardEnabled = useSettings().data?.enable_stripe_payment === 'true';
  const balances = useRewardBalances();
  const placeOrder = usePlaceOrder();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<CheckoutRefusal | null>(null);
  const sentVariationIds = useRef<number[]>([]);
  const pageRef = useRef<HTMLDivElement>(null);
  const form = useForm<{ payment_method: PaymentMethod; note: string }>({
    initialValues: { payment_method: 'cash', note: '' },
    validate: { note: (note) => (note.trim().length > 1000 ? 'Keep the note under 1000 characters.' : null) },
  });
  const paymentMethod = form.getValues().payment_method;
  // A card choice left over from when card payments were on falls back to cash.
  useEffect(() => {
    if (!cardEnabled && paymentMethod === 'card') form.setFieldValue('payment_method', 'cash');
  }, [cardEnabled, paymentMethod, form]);

  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      setRefusal(null);
      const location = selected?.type === orderType ? selected : null;
      if (orderType === 'collection' && location?.type !== 'collection')
        throw clientRefusal(messages.selectCollectionPoint, 'collection_point');
      if (orderType === 'delivery' && location?.type !== 'delivery')
        throw clientRefusal(messages.selectDeliveryLocation, 'order_type');
      if (orderType === 'delivery' && addressId === null) throw clientRefusal(chooseAddress, 'address_id');

      const shopsInCart = new Set(items.map((item) => item.product.shop_id));
      const body: PlaceOrderBody = {
        order_type: orderType,
        ...(location?.type === 'collection' ? { collection_point: location.location.value } : {}),
        ...(orderType === 'delivery' && addressId !== null ? { address_id: addressId } : {}),
        items: items.map((item) => ({ variation_id: item.id, quantity: item.quantity })),
        // Only for shops still in the cart: the server refuses a coupon or points for a shop with nothing in the order.
        coupons: Object.fromEntries(
          Object.entries(shopCoupons)
            .filter(([shopId]) => shopsInCart.has(Number(shopId)))
            .map(([shopId, coupon]) => [shopId, coupon.code]),
        ),
        reward_points: Object.fromEntries(
          Object.entries(rewardPointsApplied).filter(
            ([shopId, points]) => points > 0 && shopsInCart.has(Number(shopId)),
          ),
        ),
        payment_method: values.payment_method,
        ...(values.note.trim() ? { note: values.note.trim() } : {}),
      };
      sentVariationIds.current = items.map((item) => item.id);
      const placed = await placeOrder.mutateAsync(body);
      // Only now is the cart done with: every failure above keeps it as it was.
      clearCart();
      navigate(
        placed.payment.method === 'card' && placed.payment.status !== 'paid'
          ? paths.orderPayment(placed.invoice)
          : paths.orderSuccess(placed.invoice),
        { replace: true },
      );
    },
    { onFailure: (_message, error) => setRefusal(checkoutRefusal(error, sentVariationIds.current)) },
  );

  // After a refusal the focus goes to the first thing it names, else to the form's alert.
  useEffect(() => {
    if (!refusal) return;
    const first = pageRef.current?.querySelector<HTMLElement>('[data-problem]');
    (first ?? pageRef.current?.querySelector<HTMLElement>('[data-checkout-alert]'))?.focus();
  }, [refusal]);

  const onAddressChange = useCallback((id: number | null) => setAddressId(id), []);

  if (items.length === 0) {
    return (
      <Container size="lg" py="lg">
        <PageMeta title="Checkout" />
        <Title order={1} mb="md">
          Checkout
        </Title>
        <NothingHere
          title="Your cart is empty."
          description="Add something from the shops on the parade, then come back to check out."
          action={
            <Button component={Link} to={paths.products()}>
              Browse products
            </Button>
          }
        />
      </Container>
    );
  }

  const locationProblems = refusal?.location ?? [];
  const placing = placeOrder.isPending;
  return (
    <Container size="lg" py="lg" ref={pageRef}>
      <PageMeta title="Checkout" description="Place your order with the shops on the parade." />
      <Title order={1} mb="md">
        Checkout
      </Title>
      {/* The coupon and address forms live in the left column, so the checkout's own form wraps
          only the summary: forms cannot nest (an inner one's Enter would place the order). */}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Card withBorder padding="md" component="section" aria-labelledby="checkout-location">
              <Title order={2} size="h4" id="checkout-location" mb="sm">
                Collection or delivery
              </Title>
              <LocationChoice onChange={openLocationModal} />
              {locationProblems.length > 0 && (
                <Text c="error.8" fw={700} size="sm" mt="xs" tabIndex={-1} data-problem data-testid="location-problem">
                  {locationProblems.join(' ')}
                </Text>
              )}
              {orderType === 'delivery' && (
                <Stack mt="md" gap="xs" data-problem={refusal?.address.length ? true : undefined} tabIndex={-1}>
                  <DeliveryAddressPicker
                    value={addressId}
                    onChange={onAddressChange}
                    preferPostcode={selected?.type === 'delivery' ? selected.location.postcode : undefined}
                    problems={refusal?.address ?? []}
                  />
                </Stack>
              )}
            </Card>
            <section aria-labelledby="checkout-items">
              <Title order={2} size="h4" id="checkout-items" mb="sm">
                Your items
              </Title>
              <CartShopGroups
                rewardBalances={balances.data ?? null}
                lineErrors={refusal?.lines}
                shopErrors={refusal?.shops}
              />
            </section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="md" pos="sticky" top={88} component="section" aria-labelledby="checkout-summary">
            <form onSubmit={onSubmit} noValidate aria-label="Place your order">
              <Stack gap="md">
                <Title order={2} size="h4" id="checkout-summary">
                  Order summary
                </Title>
                <CartSummary orderType={orderType} />
                <PaymentMethodPicker
                  value={paymentMethod}
                  onChange={(method) => form.setFieldValue('payment_method', method)}
                  cardEnabled={cardEnabled}
                  error={form.errors.payment_method as string | undefined}
                />
                <Textarea
                  label="Note for the shops (optional)"
                  description="For example a gate code, or a swap you would accept."
                  autosize
                  minRows={2}
                  maxLength={1000}
                  {...form.getInputProps('note')}
                />
                <div tabIndex={-1} data-checkout-alert>
                  <FormAlert
                    message={formError && refusal?.other.length ? `${formError} ${refusal.other.join(' ')}` : formError}
                    title="Your order was not placed"
                    data-testid="checkout-alert"
                  />
                </div>
                <Button type="submit" size="lg" fullWidth loading={placing} disabled={placing}>
                  {paymentMethod === 'card' ? 'Place order and pay' : 'Place order'}
                </Button>
                <Text size="sm" c="dimmed" aria-live="polite" role="status">
                  {placing
                    ? 'Placing your order…'
                    : 'Prices, discounts and the delivery charge are checked again when you place the order.'}
                </Text>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

/** The chosen collection point or delivery postcode, and the way to change it (the 'Choose Order Type' modal). */
function LocationChoice({ onChange }: { onChange: () => void }) {
  const orderType = useLocationStore((s) => s.orderType);
  const selected = useLocationStore((s) => s.selectedLocation);
  const chosen = selected?.type === orderType ? selected : null;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      {chosen ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconMapPin size={22} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Stack gap={0}>
            <Text fw={700} data-testid="checkout-order-type">
              {chosen.type === 'collection' ? 'Collection' : 'Delivery'}
            </Text>
            <Text size="sm">
              {chosen.type === 'collection' ? chosen.location.value : `To ${chosen.location.postcode}`}
            </Text>
            {chosen.type === 'collection' && chosen.location.note && (
              <Text size="sm" c="dimmed">
                {chosen.location.note}
              </Text>
            )}
          </Stack>
        </Group>
      ) : (
        <Alert color="yellow" variant="light" style={{ flex: 1 }}>
          {orderType === 'collection'
            ? 'Choose where you will collect your order.'
            : 'Choose the postcode we deliver to.'}
        </Alert>
      )}
      <Button
        variant="light"
        color="secondary"
        onClick={onChange}
        style={{ flex: 'none' }}
        aria-label={`${chosen ? 'Change' : 'Choose'} collection or delivery`}
      >
        {chosen ? 'Change' : 'Choose'}
      </Button>
    </Group>
  );
}
