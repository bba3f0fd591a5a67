import { Anchor, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { downloadLinkNeedsRefresh } from '@parade/core/digital-product-schemas';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { type MouseEvent, useState } from 'react';
import { Link } from 'react-router';
import { notify } from '@/components/ui/notify';
import { Paging } from '@/components/ui/paging';
import { ErrorState, NothingHere, placeholderKeys } from '@/components/ui/states';
import { useFormatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { type DigitalProduct, useDigitalProducts } from '../api/get-digital-products';
import { formatFileSize } from '../format-file-size';

/**
 * The customer's digital products, one page at a time: product, variation, shop, file, purchase
 * date and a Download button. Shared by /profile/digital-products and the main-layout
 * /digital-products; the route owns the page number (it lives in the URL).
 */
export function DigitalProductList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const list = useDigitalProducts(page);

  /** The same line from a freshly fetched page, with a new link (the old one is about to expire). */
  const freshLink = async (orderItemId: number): Promise<DigitalProduct | null> => {
    const { data, error } = await list.refetch({ throwOnError: false });
    if (error) throw error;
    return data?.data.find((item) => item.order_item_id === orderItemId) ?? null;
  };

  if (list.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading your digital products">
        {placeholderKeys(3).map((key) => (
          <Skeleton key={key} height={112} radius="md" />
        ))}
      </Stack>
    );
  }
  if (list.isError) return <ErrorState message={list.error.message} onRetry={() => list.refetch()} />;
  if (list.data.total === 0) {
    return (
      <NothingHere
        title="No digital products yet"
        description="E-books, recipe PDFs and other digital items appear here once their order is paid, ready to download."
        action={
          <Button component={Link} to={paths.products()}>
            Browse products
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="sm">
      <Stack
        component="ul"
        gap="sm"
        aria-label="Your digital products"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {list.data.data.map((item) => (
          <DigitalProductRow key={item.order_item_id} item={item} freshLink={freshLink} />
        ))}
      </Stack>
      <Text size="sm" c="dimmed">
        For your security each download link works for a few minutes; the Download button fetches a new one when needed.
      </Text>
      <Paging page={page} total={list.data.last_page} onChange={onPageChange} label="Digital product pages" />
    </Stack>
  );
}

function DigitalProductRow({
  item,
  freshLink,
}: {
  item: DigitalProduct;
  freshLink: (orderItemId: number) => Promise<DigitalProduct | null>;
}) {
  const formatDate = useFormatDate();
  const [fetching, setFetching] = useState(false);
  const size = formatFileSize(item.file.size);
  const title = `${item.product.name}, ${item.variation.name}`;

  // The listed link is followed as it is (a plain download); one about to expire is swapped for a
  // fresh one first, so a page left open for a while still downloads at the first click.
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!downloadLinkNeedsRefresh(item.expires_at)) return;
    event.preventDefault();
    setFetching(true);
    try {
      const fresh = await freshLink(item.order_item_id);
      if (!fresh) {
        notify({ kind: 'error', message: 'This download is no longer available.' });
        return;
      }
      startDownload(fresh.download_url, fresh.file.name);
    } catch (error) {
      notify({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setFetching(false);
    }
  };

  return (
    <Card component="li" withBorder radius="md" padding="md" aria-label={title}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Group align="flex-start" gap="sm" wrap="nowrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <ThemeIcon variant="light" color="accent" size={44} radius="md" aria-hidden>
            <IconFileText size={24} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={paths.product(item.shop.slug, item.product.slug, item.variation.slug)}
              fw={700}
              lineClamp={2}
            >
              {item.product.name}
            </Anchor>
            <Text size="sm">
              {item.variation.name} · {item.shop.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="digital-file">
              {item.file.name}
              {size ? ` · ${size}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              Bought {formatDate(item.purchased_at)} ·{' '}
              <Anchor component={Link} to={paths.order(item.order_id)} size="sm" underline="always">
                Order #{item.order_id}
              </Anchor>
            </Text>
          </Stack>
        </Group>
        <Button
          component="a"
          href={item.download_url}
          download={item.file.name}
          onClick={download}
          loading={fetching}
          leftSection={<IconDownload size={18} aria-hidden />}
          aria-label={`Download ${item.file.name} (${title})`}
          miw={140}
          h={44}
          style={{ flex: '0 0 auto' }}
        >
          Download
        </Button>
      </Group>
    </Card>
  );
}

/** Follows a download link as a click on an `<a download>` would, without leaving the page. */
function startDownload(url: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
