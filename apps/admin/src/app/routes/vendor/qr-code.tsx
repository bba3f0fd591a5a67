import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { QrCodePanel } from '@/features/qr-code/components/qr-code-panel';
import { useShop } from '@/features/shop-profile/api/get-shop';
import { assetUrl } from '@/lib/api-client';

/** The shop's QR code: show, copy, download, print as an A5 poster, replace; and how it is doing. */
export function Component() {
  // The poster carries the shop's name and logo (the layout has usually loaded the shop already).
  const shop = useShop();
  return (
    <Stack gap="lg">
      <div className="no-print">
        <PageHeader
          title="QR code"
          description="Customers scan it at your counter to open your offers page, where they claim your offers (QR-only ones included)."
        />
      </div>
      {shop.isPending ? (
        <LoadingState />
      ) : shop.isError ? (
        <ErrorState error={shop.error} onRetry={() => shop.refetch()} />
      ) : (
        <QrCodePanel
          shop={{ name: shop.data.name, slug: shop.data.slug, logoUrl: assetUrl(shop.data.logo?.url ?? null) }}
        />
      )}
    </Stack>
  );
}
