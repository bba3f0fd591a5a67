import { Alert, Box, Button, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Claim } from '@parade/core/offer-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { IconQrcodeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState, NothingHere, placeholderKeys } from '@/components/ui/states';
import { useMyOffer } from '@/features/offers/api/get-my-offer';
import { CLAIM_AFTER_LOGIN_PARAM, ClaimOfferAction } from '@/features/offers/components/claim-offer-action';
import { ClaimedCode } from '@/features/offers/components/claimed-code';
import { OfferCard } from '@/features/offers/components/offer-card';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { useShop } from '@/features/shops/api/get-shop';
import { paths } from '@/lib/paths';

const positiveInt = (text: string | null): number | undefined => {
  const value = Number.parseInt(text ?? '', 10);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

/** An unknown, replaced or missing code: say so plainly and lead to the shop's own offers. */
function InvalidCode({ slug, shopName }: { slug: string; shopName: string }) {
  return (
    <Alert
      color="error"
      variant="light"
      icon={<IconQrcodeOff aria-hidden />}
      title="This QR code is not valid"
      data-testid="qr-invalid"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {shopName} may have printed a new code since. Ask at the counter for the current one, or see the offers you
          can claim online.
        </Text>
        <Button component={Link} to={paths.vendorOffers(slug)} variant="light" color="secondary">
          See {shopName}'s offers
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * /vendor/{slug}/my-offer?qr={code} (spec: "My Offer (reached via a QR code)"): the code is checked
 * with the server, which answers the shop and every offer it unlocks, QR-only ones included.
 * Claim sends the code along. A guest is sent to Login and comes back to this same URL (code and
 * all) to finish; once claimed, the code to show at the till takes the top of the page.
 */
export function Component() {
  const slug = useParams().slug ?? '';
  const shop = useShop(slug);
  const [params, setParams] = useSearchParams();
  const qr = params.get('qr')?.trim() ?? '';
  const perOfferCode = positiveInt(params.get('offer'));
  const claimAfterLogin = positiveInt(params.get(CLAIM_AFTER_LOGIN_PARAM));
  const myOffer = useMyOffer(slug, qr, perOfferCode);
  const [claimed, setClaimed] = useState<Claim | null>(null);
  const shopName = myOffer.data?.vendor.name ?? shop.data?.name ?? 'The shop';

  const onClaimed = (claim: Claim) => {
    // The code panel takes focus as it appears (which brings it into view).
    setClaimed(claim);
    if (claimAfterLogin !== undefined) {
      const rest = new URLSearchParams(params);
      rest.delete(CLAIM_AFTER_LOGIN_PARAM);
      setParams(rest, { replace: true, preventScrollReset: true });
    }
  };

  return (
    <Box component="section" aria-labelledby="my-offer-title" data-testid="my-offer">
      <PageMeta
        title={`Your offers at ${shopName}`}
        description={`Offers unlocked by ${shopName}'s QR code.`}
        image={shop.data?.banner?.url ?? shop.data?.logo?.url}
      />
      <Stack gap="md">
        <Box>
          <Title order={2} id="my-offer-title">
            Your offers at {shopName}
          </Title>
          {myOffer.isSuccess && (
            <Text c="dimmed">
              You scanned the shop's QR code: claim an offer, then show your claim code at the till.
            </Text>
          )}
        </Box>
        {claimed && (
          <ClaimedCode claim={claimed} status={<StatusBadge status={claimed.status} label="Claim status" />} />
        )}
        {qr === '' ? (
          <InvalidCode slug={slug} shopName={shopName} />
        ) : myOffer.isPending ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy="true" aria-label="Checking the QR code">
            {placeholderKeys(2).map((key) => (
              <Skeleton key={key} height={220} radius="md" />
            ))}
          </SimpleGrid>
        ) : myOffer.isError ? (
          myOffer.error instanceof ApiError && myOffer.error.status === 404 ? (
            <InvalidCode slug={slug} shopName={shopName} />
          ) : (
            <ErrorState message={myOffer.error.message} onRetry={() => myOffer.refetch()} />
          )
        ) : myOffer.data.offers.length === 0 ? (
          <NothingHere
            title="No offers to claim right now"
            description={`${shopName} has no running offers at the moment.`}
            action={
              <Button component={Link} to={paths.vendor(slug)}>
                Visit the shop
              </Button>
            }
          />
        ) : (
          <SimpleGrid
            cols={{ base: 1, md: 2 }}
            spacing="md"
            component="ul"
            aria-label="Offers you can claim"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {myOffer.data.offers.map((offer) => (
              <li key={offer.id}>
                <OfferCard
                  offer={offer}
                  status={<StatusBadge status={offer.state} label="Offer status" />}
                  action={
                    <ClaimOfferAction
                      offer={offer}
                      qr={qr}
                      focus={claimAfterLogin === offer.id && claimed === null}
                      onClaimed={onClaimed}
                    />
                  }
                />
              </li>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Box>
  );
}
