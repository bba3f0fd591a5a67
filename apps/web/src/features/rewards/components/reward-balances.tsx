import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState, NothingHere, placeholderKeys } from '@/components/ui/states';
import { useFormatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useRewardBalances } from '../api/get-reward-balances';

/** The customer's points per shop, one card each: the points and what they take off (100 points = 100p). */
export function RewardBalances() {
  const balances = useRewardBalances();
  const formatMoney = useFormatMoney();

  if (balances.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} role="status" aria-busy="true" aria-label="Loading your balances">
        {placeholderKeys(2).map((key) => (
          <Skeleton key={key} height={108} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (balances.isError) return <ErrorState message={balances.error.message} onRetry={() => balances.refetch()} />;
  if (balances.data.length === 0) {
    return (
      <NothingHere
        title="No reward points yet"
        description="Each shop gives you points when your order from it is delivered: spend them at that shop's checkout."
      />
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3 }}
      component="ul"
      aria-label="Your points per shop"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {balances.data.map((balance) => (
        <Card
          key={balance.shop_id}
          component="li"
          withBorder
          radius="md"
          padding="md"
          aria-label={`${balance.shop.name}: ${balance.points} points`}
          data-testid="reward-balance"
        >
          <Stack gap={4}>
            <Anchor component={Link} to={paths.vendor(balance.shop.slug)} fw={700} lineClamp={1}>
              {balance.shop.name}
            </Anchor>
            <Text fz={32} fw={800} lh={1.1}>
              {balance.points.toLocaleString('en-GB')}
              <Text span fz="md" fw={600} ml={6}>
                points
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              Worth {formatMoney(balance.points)} off at this shop
            </Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
