import { Badge, Box, Button, Card, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure, useId } from '@mantine/hooks';
import type { Offer } from '@parade/core/offer-schemas';
import {
  offerClaimsLeftText,
  offerDiscountText,
  offerMinSpendText,
  offerPerCustomerText,
  offerValidityText,
} from '@parade/core/offer-text';
import { IconChevronDown, IconClock, IconCoins, IconStarFilled, IconTicket, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LazyImage } from '@/components/ui/lazy-image';
import { useFormatDate, useMoneyFormat } from '@/lib/format';
import classes from './offer-card.module.css';

/** A fact line with its icon (the icon is decoration; the words carry the meaning). */
function Fact({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Box c="dimmed" mt={2} style={{ flex: 'none', display: 'flex' }}>
        {icon}
      </Box>
      <Text size="sm" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * One vendor offer as a shopper reads it: picture, featured mark, title, the discount in words
 * (and any minimum spend), when it can be claimed, how many are left, the per-customer limit, the
 * points it earns, the description and its terms (folded away until asked for). `status` is the
 * offer's state badge and `action` what the shopper can do (claim, or why not): both composed by
 * the screen, which knows whether a QR code was scanned.
 */
export function OfferCard({
  offer,
  status,
  action,
  headingLevel = 3,
}: {
  offer: Offer;
  status?: ReactNode;
  action: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const moneyFormat = useMoneyFormat();
  const formatDate = useFormatDate();
  const [termsOpen, terms] = useDisclosure(false);
  const termsId = useId();
  const Heading = `h${headingLevel}` as const;
  const discount = offerDiscountText(offer, moneyFormat);
  const minSpend = offerMinSpendText(offer.min_spend, moneyFormat);
  const claimsLeft = offerClaimsLeftText(offer);

  return (
    <Card
      component="article"
      withBorder
      padding="md"
      radius="md"
      aria-label={offer.title}
      data-testid="offer-card"
      data-offer-id={offer.id}
      className={classes.card}
    >
      <div className={classes.layout}>
        <Box className={classes.picture}>
          <LazyImage src={offer.image} alt="" width={600} height={600} radius="sm" />
        </Box>
        <Stack gap={6} miw={0} className={classes.body}>
          <Group gap={6} wrap="wrap">
            {offer.is_featured && (
              <Badge color="primary" variant="filled" leftSection={<IconStarFilled size={12} aria-hidden />}>
                Featured
              </Badge>
            )}
            {offer.qr_only && (
              <Badge color="secondary" variant="light">
                QR code offer
              </Badge>
            )}
            {status}
          </Group>
          <Heading className={classes.title}>{offer.title}</Heading>
          <Text fw={800} fz={22} c="primary.8" lh={1.2} data-testid="offer-discount">
            {discount}
          </Text>
          {minSpend && (
            <Text size="sm" c="dimmed" mt={-4}>
              {minSpend}
            </Text>
          )}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {offer.description}
          </Text>
          <Stack gap={4} mt={4}>
            <Fact icon={<IconClock size={16} aria-hidden />} testId="offer-validity">
              {offerValidityText(offer, formatDate)}
            </Fact>
            {claimsLeft && (
              <Fact icon={<IconTicket size={16} aria-hidden />} testId="offer-claims-left">
                {claimsLeft}
              </Fact>
            )}
            <Fact icon={<IconUsers size={16} aria-hidden />}>{offerPerCustomerText(offer.max_claims_per_user)}</Fact>
            {offer.points_reward > 0 && (
              <Fact icon={<IconCoins size={16} aria-hidden />} testId="offer-points">
                Earn {offer.points_reward} reward points at {offer.vendor.name} when you use it
              </Fact>
            )}
          </Stack>
          {offer.terms && (
            <Box>
              <Button
                variant="subtle"
                color="secondary"
                size="compact-sm"
                px={4}
                onClick={terms.toggle}
                aria-expanded={termsOpen}
                aria-controls={termsId}
                rightSection={
                  <IconChevronDown
                    size={16}
                    aria-hidden
                    style={{ transform: termsOpen ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
                  />
                }
              >
                Terms
              </Button>
              <Collapse expanded={termsOpen} id={termsId}>
                <Text size="sm" c="dimmed" pt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {offer.terms}
                </Text>
              </Collapse>
            </Box>
          )}
          <Box mt="xs">{action}</Box>
        </Stack>
      </div>
    </Card>
  );
}
