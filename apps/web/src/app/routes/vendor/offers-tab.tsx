import { Box, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { publicOfferStatuses } from '@parade/core/enum-values';
import type { Claim, PublicOfferStatus } from '@parade/core/offer-schemas';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { Paging } from '@/components/ui/paging';
import { ErrorState, NothingHere, placeholderKeys } from '@/components/ui/states';
import { type ShopOfferFilters, useShopOffers } from '@/features/offers/api/get-shop-offers';
import { CLAIM_AFTER_LOGIN_PARAM, ClaimOfferAction } from '@/features/offers/components/claim-offer-action';
import { ClaimedCode } from '@/features/offers/components/claimed-code';
import { OfferCard } from '@/features/offers/components/offer-card';
import { OfferFilters, type OfferFilterValues } from '@/features/offers/components/offer-filters';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { useShop } from '@/features/shops/api/get-shop';

const positiveInt = (text: string | null): number | null => {
  const value = Number.parseInt(text ?? '', 10);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

/** The filters as the URL holds them (`?status&featured&search&page`), so a filtered list can be shared and gone back to. */
export function readOfferFilters(params: URLSearchParams, qrOnly: boolean): ShopOfferFilters {
  const status = params.get('status');
  return {
    qrOnly,
    status: (publicOfferStatuses as readonly string[]).includes(status ?? '')
      ? (status as PublicOfferStatus)
      : undefined,
    featured: params.get('featured') === '1' ? true : undefined,
    search: params.get('search')?.trim() || undefined,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/**
 * The body of the shop page's `offers` and `qr-offers` tabs (spec section 2): the shop's
 * discount offers, or its QR code offers, with the spec's filters and 15 a page. A QR-only offer
 * cannot be claimed from here (its card says to scan the code in store); the others can, and the
 * claim code then shows in a dialog.
 */
export function ShopOffersTab({ qrOnly }: { qrOnly: boolean }) {
  const slug = useParams().slug ?? '';
  const shop = useShop(slug);
  const [params, setParams] = useSearchParams();
  const filters = readOfferFilters(params, qrOnly);
  const offers = useShopOffers(slug, filters);
  const claimAfterLogin = positiveInt(params.get(CLAIM_AFTER_LOGIN_PARAM));
  const [claimed, setClaimed] = useState<Claim | null>(null);
  const shopName = shop.data?.name ?? 'the shop';
  const title = qrOnly ? 'QR code offers' : 'Offers';
  const headingId = qrOnly ? 'qr-offers-title' : 'offers-title';

  const values: OfferFilterValues = {
    status: filters.status ?? 'live',
    featured: filters.featured === true,
    search: filters.search ?? '',
  };
  // Any filter change starts again at page 1; defaults stay out of the URL.
  const update = (next: Partial<OfferFilterValues> & { page?: number }) => {
    const merged = { ...values, ...next };
    const query: Record<string, string> = {};
    if (merged.status !== 'live') query.status = merged.status;
    if (merged.featured) query.featured = '1';
    if (merged.search) query.search = merged.search;
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query, { preventScrollReset: true });
  };
  const filtered = filters.status !== undefined || filters.featured || filters.search;

  const onClaimed = (claim: Claim) => {
    setClaimed(claim);
    // Back from Login and claimed: the marker has done its job.
    if (claimAfterLogin !== null) {
      const rest = new URLSearchParams(params);
      rest.delete(CLAIM_AFTER_LOGIN_PARAM);
      setParams(rest, { replace: true, preventScrollReset: true });
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} data-testid={qrOnly ? 'shop-qr-offers' : 'shop-offers'}>
      <PageMeta
        title={`${title} at ${shopName}`}
        description={
          qrOnly ? `Offers you claim by scanning ${shopName}'s QR code in store.` : `Discount offers from ${shopName}.`
        }
        image={shop.data?.banner?.url ?? shop.data?.logo?.url}
      />
      <Stack gap="md">
        <Box>
          <Title order={2} id={headingId}>
            {title}
          </Title>
          <Text c="dimmed">
            {qrOnly
              ? `Scan ${shopName}'s QR code at the counter to claim these, then show your claim code at the till.`
              : 'Claim an offer, then show your claim code at the till.'}
          </Text>
        </Box>
        <OfferFilters values={values} onChange={update} />
        {offers.isPending ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy="true" aria-label="Loading offers">
            {placeholderKeys(4).map((key) => (
              <Skeleton key={key} height={220} radius="md" />
            ))}
          </SimpleGrid>
        ) : offers.isError ? (
          <ErrorState message={offers.error.message} onRetry={() => offers.refetch()} />
        ) : offers.data.offers.length === 0 ? (
          <NothingHere
            title={filtered ? 'No offers match' : `No ${qrOnly ? 'QR code offers' : 'offers'} right now`}
            description={
              filtered
                ? 'Try another filter, or clear the search.'
                : `Check back soon: ${shopName} adds offers from time to time.`
            }
          />
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {offers.data.pagination.total} {offers.data.pagination.total === 1 ? 'offer' : 'offers'}
            </Text>
            <SimpleGrid
              cols={{ base: 1, md: 2 }}
              spacing="md"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {offers.data.offers.map((offer) => (
                <li key={offer.id}>
                  <OfferCard
                    offer={offer}
                    status={<StatusBadge status={offer.state} label="Offer status" />}
                    action={
                      <ClaimOfferAction offer={offer} focus={claimAfterLogin === offer.id} onClaimed={onClaimed} />
                    }
                  />
                </li>
              ))}
            </SimpleGrid>
            <Paging
              page={filters.page}
              total={offers.data.pagination.last_page}
              onChange={(page) => update({ page })}
              label="Offer pages"
            />
          </>
        )}
      </Stack>
      <Modal opened={claimed !== null} onClose={() => setClaimed(null)} title="Your claim code" size="lg">
        {claimed && (
          <ClaimedCode claim={claimed} status={<StatusBadge status={claimed.status} label="Claim status" />} />
        )}
      </Modal>
    </Box>
  );
}
