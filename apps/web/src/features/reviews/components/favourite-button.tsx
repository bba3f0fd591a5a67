import { ActionIcon, Button, Tooltip } from '@mantine/core';
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
    if (!kept) setFavourite.mutate({ kind, id, keep: true });
  }, [loggedIn, favourites.isSuccess, kind, id, kept, setFavourite]);

  const press = () => {
    if (!loggedIn) {
      pendingFavourite.set(kind, id);
      notify({ kind: 'info', message: 'Sign in to keep your favourites.' });
      navigate(paths.login(`${location.pathname}${location.search}`));
      return;
    }
    setFavourite.mutate(
      { kind, id, keep: !kept },
      { onError: (error) => notify({ kind: 'error', message: error.message }) },
    );
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
        loading={setFavourite.isPending}
        aria-pressed={kept}
        aria-label={label}
        data-testid={`favourite-${kind}`}
      >
        {kept ? 'Saved' : 'Save'}
      </Button>
    );
  }
  return (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon
        variant="white"
        color="error"
        radius="xl"
        size="lg"
        onClick={press}
        loading={setFavourite.isPending}
        aria-pressed={kept}
        aria-label={label}
        data-testid={`favourite-${kind}`}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
