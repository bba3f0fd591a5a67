import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { RewardBalances } from '@/features/rewards/components/reward-balances';
import { RewardLedger } from '@/features/rewards/components/reward-ledger';
import { useFormatMoney } from '@/lib/format';

const positiveInt = (text: string | null): number | null => {
  const value = Number.parseInt(text ?? '', 10);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

/** /profile/reward-points: the points per shop, and the ledger that explains them (`?shop&page`). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const formatMoney = useFormatMoney();
  const filters = { shop: positiveInt(params.get('shop')), page: positiveInt(params.get('page')) ?? 1 };
  return (
    <Stack gap="lg">
      <PageMeta
        title="Reward points"
        description="Your reward points at each shop, and how you earned and spent them."
      />
      <Stack gap="xs">
        <Title order={2}>Reward points</Title>
        <Text c="dimmed">
          Each shop keeps its own points: you earn them when an order is delivered and spend them at that shop's
          checkout, where 100 points take {formatMoney(100)} off.
        </Text>
      </Stack>
      <RewardBalances />
      <Stack gap="xs">
        <Title order={3}>History</Title>
        <RewardLedger
          filters={filters}
          onChange={(next) => {
            const query: Record<string, string> = {};
            if (next.shop !== null) query.shop = String(next.shop);
            if (next.page > 1) query.page = String(next.page);
            setParams(query);
          }}
        />
      </Stack>
    </Stack>
  );
}
