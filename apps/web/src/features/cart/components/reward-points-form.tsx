import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { WholeNumberInput } from '@/components/form/whole-number-input';
import { useFormatMoney } from '@/lib/format';
import { useCartStore } from '../stores/cart-store';

/** Spend a shop's reward points on that shop's lines: 100 points = 100 pence off, never below zero. */
export function RewardPointsForm({
  shopId,
  shopName,
  balance,
  maxUsable,
}: {
  shopId: number;
  shopName: string;
  balance: number;
  /** The shop's lines after its coupon, in pence: points beyond this would be wasted. */
  maxUsable: number;
}) {
  const applied = useCartStore((s) => s.rewardPointsApplied[shopId] ?? 0);
  const applyRewardPoints = useCartStore((s) => s.applyRewardPoints);
  const formatMoney = useFormatMoney();
  const limit = Math.max(0, Math.min(balance, maxUsable));
  // What the shopper typed ('' while they empty the box to type another number); until they type,
  // the box offers the most they can use now, which follows the cart (a quantity raised raises it).
  const [typed, setTyped] = useState<number | '' | null>(null);
  const points = typed === null ? limit : typed === '' ? 0 : Math.min(typed, limit);

  if (applied > 0) {
    return (
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {applied} reward points: −{formatMoney(Math.min(applied, maxUsable))}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => applyRewardPoints(shopId, 0)}>
          Remove points
        </Button>
      </Group>
    );
  }
  if (limit === 0) return null;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <WholeNumberInput
        label={`Reward points at ${shopName} (you have ${balance})`}
        value={typed === '' ? '' : points}
        min={0}
        max={limit}
        withControls
        onChange={setTyped}
        style={{ flex: 1 }}
      />
      <Button variant="light" onClick={() => applyRewardPoints(shopId, Math.min(points, limit))} disabled={points <= 0}>
        Use points
      </Button>
    </Group>
  );
}
