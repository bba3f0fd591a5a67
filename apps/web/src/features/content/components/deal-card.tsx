import {
  Anchor,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { Deal } from '@parade/core/catalog-dto';
import { safeHref } from '@parade/core/safe-link-rules';
import { Link } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { LazyImage } from '@/components/ui/lazy-image';
import { useFormatDate } from '@/lib/format';
import { paths } from '@/lib/paths';

/**
 * The code to enter in a shop's coupon box at checkout. The API sends it only while its coupon
 * can be redeemed, so a deal never advertises a code that does not work (issue 23).
 */
function DealCode({ code, title }: { code: string; title: string }) {
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="deal-code">
      <Group justify="space-between" gap="xs">
        <Text size="sm" style={{ flex: '1 1 12rem' }}>
          Use code{' '}
          <Text span fw={700} ff="monospace">
            {code}
          </Text>{' '}
          in the coupon box at checkout
        </Text>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant={copied ? 'filled' : 'default'} onClick={copy} style={{ flexShrink: 0 }}>
              {copied ? 'Copied' : 'Copy'}
              <VisuallyHidden>
                {' '}
                code {code} for {title}
              </VisuallyHidden>
            </Button>
          )}
        </CopyButton>
      </Group>
    </Paper>
  );
}

/** One platform-wide deal (UBM Deals): picture, badge, title, shop, dates and a way to it. */
export function DealCard({ deal }: { deal: Deal }) {
  const formatDate = useFormatDate();
  // Only a safe link becomes a button: an unsafe stored one shows no button at all.
  const link = safeHref(deal.link);
  return (
    <Card component="article" withBorder padding="md" h="100%" data-testid="deal-card">
      <Card.Section>
        <LazyImage src={deal.image} alt="" width={1200} height={630} />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        {deal.badge && (
          <Badge color="primary" variant="filled" style={{ alignSelf: 'flex-start' }}>
            {deal.badge}
          </Badge>
        )}
        <Title order={2} size="h4">
          {deal.title}
        </Title>
        {deal.shop && (
          <Anchor component={Link} to={paths.vendor(deal.shop.slug)} size="sm">
            {deal.shop.name}
          </Anchor>
        )}
        <Text size="sm">{deal.description}</Text>
        {deal.coupon_code && <DealCode code={deal.coupon_code} title={deal.title} />}
        {(deal.starts_at || deal.ends_at) && (
          <Text size="sm" c="dimmed">
            {deal.starts_at && deal.ends_at
              ? `${formatDate(deal.starts_at)} to ${formatDate(deal.ends_at)}`
              : deal.ends_at
                ? `Until ${formatDate(deal.ends_at)}`
                : `From ${formatDate(deal.starts_at!)}`}
          </Text>
        )}
      </Stack>
      {link && (
        <Group mt="md">
          <Button component={AppLink} href={link} variant="light" size="md">
            See the deal<VisuallyHidden>: {deal.title}</VisuallyHidden>
          </Button>
        </Group>
      )}
    </Card>
  );
}
