import { Button, Group, Text, TextInput } from '@mantine/core';
import type { CartItem, ShopCoupon } from '@parade/core/cart';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (coupon) {
    return (
      <Group justify="space-between" gap="xs" data-testid={`coupon-applied-${shopId}`}>
        <Text size="sm">
          Coupon <strong>{coupon.code}</strong>: −{formatMoney(coupon.discount)}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => removeCoupon(shopId)}>
          Remove coupon
        </Button>
      </Group>
    );
  }

  const submit = () => {
    setError(null);
    if (code.trim() === '') return setError('Enter a coupon code.');
    validate.mutate(
      { shop_id: shopId, code: code.trim(), items: items.map((i) => ({ variation_id: i.id, quantity: i.quantity })) },
      {
        onSuccess: (validated) => {
          applyCoupon(validated);
          setCode('');
        },
        onError: (e) => setError(e instanceof ApiError ? (e.errors.code?.[0] ?? e.message) : e.message),
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={`Coupon code for ${shopName}`}
          placeholder="Coupon code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          maxLength={40}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" loading={validate.isPending}>
          Apply
        </Button>
      </Group>
    </form>
  );
}
