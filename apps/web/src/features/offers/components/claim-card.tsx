// Mantine's styles load per component; this one only with the screens that use it.
import '@mantine/core/styles/Blockquote.layer.css';
import { Anchor, Blockquote, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Claim } from '@parade/core/offer-schemas';
import { offerDiscountText } from '@parade/core/offer-text';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LazyImage } from '@/components/ui/lazy-image';
import { useFormatDate, useFormatMoney, useMoneyFormat } from '@/lib/format';
import { paths } from '@/lib/paths';
import classes from './claim-code.module.css';

/**
 * One of the customer's claims: the offer and its shop, the code to show at the till, the status
 * (`badge`, composed by the route: it belongs to the orders feature), what happened when, the
 * shop's note, and once used the discount taken off and the points earned. A pending claim can
 * be cancelled (`onCancel`).
 */
export function ClaimCard({ claim, badge, onCancel }: { claim: Claim; badge: ReactNode; onCancel?: () => void }) {
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();
  const moneyFormat = useMoneyFormat();
  const live = claim.status === 'pending' || claim.status === 'confirmed';
  const when = [
    `Claimed ${formatDate(claim.created_at)}${claim.via_qr ? ' by scanning the QR code' : ''}`,
    claim.confirmed_at && `Confirmed ${formatDate(claim.confirmed_at)}`,
    claim.used_at && `Used ${formatDate(claim.used_at)}`,
    claim.cancelled_at && `Cancelled ${formatDate(claim.cancelled_at)}`,
    live && claim.expires_at && `Use it by ${formatDate(claim.expires_at)}`,
    claim.status === 'expired' && claim.expires_at && `Expired ${formatDate(claim.expires_at)}`,
  ].filter(Boolean);

  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-label={claim.offer.title}
      data-testid="claim-card"
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <Box w={64} style={{ flex: 'none' }}>
            <LazyImage src={claim.offer.image} alt="" width={64} height={64} radius="sm" />
          </Box>
          <Stack gap={2} miw={0}>
            <Text fw={700} lineClamp={2} component="h3" fz="md" m={0}>
              {claim.offer.title}
            </Text>
            <Text size="sm">
              <Text span fw={700} c="primary.8">
                {offerDiscountText(claim.offer, moneyFormat)}
              </Text>{' '}
              at{' '}
              <Anchor component={Link} to={paths.vendor(claim.vendor.slug)} size="sm" underline="always">
                {claim.vendor.name}
              </Anchor>
            </Text>
          </Stack>
        </Group>
        <Box style={{ flex: 'none' }}>{badge}</Box>
      </Group>

      <Group justify="space-between" align="flex-end" gap="sm" mt="sm">
        <Box>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {live ? 'Show this code at the till' : 'Claim code'}
          </Text>
          <Text className={classes.codeSmall} data-testid="claim-card-code">
            {claim.code}
          </Text>
        </Box>
        {claim.status === 'used' && (
          <Stack gap={0} align="flex-end" data-testid="claim-used-summary">
            {claim.discount_applied !== null && (
              <Text size="sm">
                Discount applied:{' '}
                <Text span fw={700}>
                  {formatMoney(claim.discount_applied)}
                </Text>
              </Text>
            )}
            <Text size="sm">
              Points earned:{' '}
              <Text span fw={700}>
                {claim.points_awarded}
              </Text>
            </Text>
          </Stack>
        )}
      </Group>

      {claim.vendor_notes && (
        <Blockquote p="xs" mt="sm" color="secondary" radius="sm" cite={`${claim.vendor.name}'s note`}>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {claim.vendor_notes}
          </Text>
        </Blockquote>
      )}

      <Group justify="space-between" align="center" gap="xs" mt="sm">
        <Text size="xs" c="dimmed">
          {when.join(' · ')}
        </Text>
        {onCancel && claim.status === 'pending' && (
          <Button
            variant="outline"
            color="error"
            size="sm"
            onClick={onCancel}
            aria-label={`Cancel claim: ${claim.offer.title}`}
          >
            Cancel claim
          </Button>
        )}
      </Group>
    </Card>
  );
}
