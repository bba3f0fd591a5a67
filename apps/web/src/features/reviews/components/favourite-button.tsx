import { ActionIcon, Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '@/components/ui/notify';
import { paths } from '@/lib/paths';
import { useIsLoggedIn } from '@/lib/session-store';
import { type FavouriteKind, pendingFavourite, useFavourites, useSetFavourite } from '../api/favourites';

/**
 * The heart on product cards, product pages and shop pages. A guest who presses it is sent to
 * sign in and brought back (the redirect), and the heart is set then: the press is remembered in
 * this tab (pendingFavourite) and kept by this same heart once someone is signed in.
 */
export function FavouriteButton({
  kind,
  id,
  name,
  variant = 'icon',
}: {
  kind: FavouriteKind;
  id: number;
  name: string;
  variant?: 'icon' | 'button';
}) {
  const loggedIn = useIsLoggedIn();
  const favourites = useFavourites();
  const setFavourite = useSetFavourite();
  const navigate = useNavigate();
  const location = useLocation();
  const kept = (kind === 'product' ? favourites.data?.product_ids : favourites.data?.shop_ids)?.includes(id) ?? false;

  // Back from signing in: keep what the guest pressed, once.
  useEffect(() => {
    if (!loggedIn || !favourites.isSuccess) return;
    if (!pendingFavourite.take(kind, id)) return;
    if (!kept) setFavourite.set({ kind, id, keep: true }).catch(() => undefined);
  }, [loggedIn, favourites.isSuccess, kind, id, kept, setFavourite.set]);

  const press = () => {
    if (!loggedIn) {
      pendingFavourite.set(kind, id);
      notify({ kind: 'info', message: 'Sign in to keep your favourites.' });
      navigate(paths.login(`${location.pathname}${location.search}`));
      return;
    }
    setFavourite
      .set({ kind, id, keep: !kept })
      .catch((error: Error) => notify({ kind: 'error', message: error.message }));
  };

  const label = kept ? `Remove ${name} from favourites` : `Save ${name} to favourites`;
  const icon = kept ? <IconHeartFilled size={20} aria-hidden /> : <IconHeart size={20} aria-hidden />;
  if (variant === 'button') {
    return (
      <Button
        variant={kept ? 'light' : 'default'}
        color="error"
        size="md"
        leftSection={icon}
        onClick={press}
        loading={setFavourite.pending}
        aria-pressed={kept}
        aria-label={label}
        data-testid={`favourite-${kind}`}
      >
        {kept ? 'Saved' : 'Save'}
      </Button>
    );
  }
  return (
    // A plain title, not Mantine's Tooltip: the heart is on every card of every page, and the
    // tooltip's positioning library would join the storefront's first load (decision 039).
    <ActionIcon
      variant="white"
      color="error"
      radius="xl"
      // A 44 px touch target (ui-and-demo.md), floating over the card's picture.
      size={44}
      onClick={press}
      loading={setFavourite.pending}
      aria-pressed={kept}
      aria-label={label}
      title={label}
      data-testid={`favourite-${kind}`}
    >
      {icon}
    </ActionIcon>
  );
}
