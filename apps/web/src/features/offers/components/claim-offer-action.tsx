import { Anchor, Button, Group, Text } from '@mantine/core';
import { messages } from '@parade/core/messages';
import type { Claim, Offer } from '@parade/core/offer-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { IconQrcode } from '@tabler/icons-react';
import { type Ref, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { notify } from '@/components/ui/notify';
import { useFormatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useIsLoggedIn } from '@/lib/session-store';
import { useClaimOffer } from '../api/claim-offer';

/** The query a guest carries through Login, naming the offer they pressed Claim on. */
export const CLAIM_AFTER_LOGIN_PARAM = 'claim';

/** Spec (shop page): a QR-only offer is claimed in store, never from the normal tabs. */
export const SCAN_IN_STORE = "Scan the shop's QR code in store to claim";

function Note({ children, testId = 'offer-unavailable' }: { children: React.ReactNode; testId?: string }) {
  return (
    <Text size="sm" fw={600} c="dimmed" data-testid={testId}>
      {children}
    </Text>
  );
}

/**
 * What a shopper can do with an offer: claim it, or read why not. A guest's Claim goes to Login
 * and comes back to this very page (query included, so a scanned QR code survives) with
 * `?claim={id}`: the screen then points at that offer's button (`focus`) and one more press
 * finishes the claim. It is not claimed by the redirect itself, so following a link can never
 * claim anything on someone's behalf.
 */
export function ClaimOfferAction({
  offer,
  qr,
  focus = false,
  onClaimed,
}: {
  offer: Offer;
  /** The scanned code, on the my-offer page only: unlocks QR-only offers and is sent with the claim. */
  qr?: string;
  /** Back from Login for this offer: move focus to its Claim button. */
  focus?: boolean;
  onClaimed: (claim: Claim) => void;
}) {
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const formatDate = useFormatDate();
  const claim = useClaimOffer();
  const button = useRef<HTMLButtonElement>(null);
  // A double tap sends two clicks before the button shows it is busy: the second must not claim
  // again (it got "You have already claimed this offer." after the claim had worked).
  const sending = useRef(false);

  useEffect(() => {
    if (focus) button.current?.focus();
  }, [focus]);

  if (offer.qr_only && !qr)
    return (
      <Group gap={6} wrap="nowrap" data-testid="offer-scan-in-store">
        <IconQrcode size={20} aria-hidden />
        <Text size="sm" fw={600}>
          {SCAN_IN_STORE}
        </Text>
      </Group>
    );
  if (offer.state === 'ended') return <Note>This offer has ended.</Note>;
  if (offer.state === 'upcoming') return <Note>You can claim it from {formatDate(offer.starts_at)}.</Note>;
  if (offer.state === 'full') return <Note>All claimed: none left.</Note>;
  if (offer.state === 'inactive' || !offer.is_active) return <Note>Not available at the moment.</Note>;
  if (isLoggedIn && offer.user_claims_left === 0)
    return (
      <Text size="sm" fw={600} data-testid="offer-already-claimed">
        You have claimed this offer.{' '}
        <Anchor component={Link} to={paths.profileOffers()} fw={600} underline="always">
          See My offers
        </Anchor>
      </Text>
    );

  const press = () => {
    if (!isLoggedIn) {
      const query = new URLSearchParams(location.search);
      query.set(CLAIM_AFTER_LOGIN_PARAM, String(offer.id));
      navigate(paths.login(`${location.pathname}?${query.toString()}`));
      return;
    }
    if (sending.current) return;
    sending.current = true;
    claim.mutate(
      { slug: offer.vendor.slug, offerId: offer.id, qr },
      {
        onSuccess: onClaimed,
        onError: (error) =>
          notify({ kind: 'error', message: error instanceof ApiError ? error.message : messages.genericError }),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return <ClaimButton ref={button} loading={claim.isPending} onClick={press} title={offer.title} guest={!isLoggedIn} />;
}

function ClaimButton({
  ref,
  loading,
  onClick,
  title,
  guest,
}: {
  ref: Ref<HTMLButtonElement>;
  loading: boolean;
  onClick: () => void;
  title: string;
  guest: boolean;
}) {
  return (
    <Group gap="sm" align="center">
      <Button ref={ref} size="md" loading={loading} onClick={onClick} aria-label={`Claim: ${title}`}>
        Claim
      </Button>
      {guest && (
        <Text size="xs" c="dimmed">
          Log in to claim
        </Text>
      )}
    </Group>
  );
}
