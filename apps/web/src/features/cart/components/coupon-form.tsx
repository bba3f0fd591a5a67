import { Button, Group, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CartItem, ShopCoupon } from '@parade/core/cart';
import { useApiForm } from '@/components/form/use-api-form';
import { useFormatMoney } from '@/lib/format';
import { useValidateCoupon } from '../api/validate-coupon';
import { useCartStore } from '../stores/cart-store';

/** One shop's coupon: the server checks it against this shop's lines and returns the discount. */
export function CouponForm({ shopId, shopName, items }: { shopId: number; shopName: string; items: CartItem[] }) {
  const coupon: ShopCoupon | undefined = useCartStore((s) => s.shopCoupons[shopId]);
  const applyCoupon = useCartStore((s) => s.applyCoupon);
  const removeCoupon = useCartStore((s) => s.removeCoupon);
  const validate = useValidateCoupon();
  const formatMoney = useFormatMoney();
  const form = useForm({
    // Named per shop: a field is found by its name (to focus it with its error), and every shop in
    // the cart has a coupon box of its own.
    name: `coupon-${shopId}`,
    initialValues: { code: '' },
    validate: { code: (value: string) => (value.trim() === '' ? 'Enter a coupon code.' : null) },
  });
  // One input: the server's message shows under it, where the shopper is looking.
  const { onSubmit } = useApiForm(
    form,
    async ({ code }) => {
      const validated = await validate.mutateAsync({
        shop_id: shopId,
        code: code.trim(),
        items: items.map((i) => ({ variation_id: i.id, quantity: i.quantity })),
      });
      applyCoupon(validated);
      form.reset();
    },
    { messageOnField: 'code' },
  );

  if (coupon) {
    return (
      <Group justify="space-between" gap="xs" data-testid={`coupon-applied-${shopId}`}>
        <Text size="sm">
          Coupon <strong>{coupon.code}</strong>: −{formatMoney(coupon.discount)}
          {coupon.funded_by === 'platform' && (
            <Text span size="xs" c="dimmed">
              {' '}
              (a Parade deal)
            </Text>
          )}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => removeCoupon(shopId)}>
          Remove coupon
        </Button>
      </Group>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={`Coupon code for ${shopName}`}
          placeholder="Coupon code"
          maxLength={40}
          {...form.getInputProps('code')}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" loading={validate.isPending}>
          Apply
        </Button>
      </Group>
    </form>
  );
}
