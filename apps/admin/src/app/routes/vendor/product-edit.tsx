import { Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@parade/ui/api-errors';
import { IconExternalLink } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { ToneBadge } from '@/components/status-badge';
import { useDeleteProduct } from '@/features/products/api/delete-product';
import { useProduct } from '@/features/products/api/get-product';
import { usePublishProduct } from '@/features/products/api/save-product';
import { AddVariationForm } from '@/features/products/components/add-variation-form';
import { NewProductForm } from '@/features/products/components/new-product-form';
import { ProductDetailsForm } from '@/features/products/components/product-details-form';
import { listingStatus } from '@/features/products/components/product-summary';
import { VariationDigitalFile } from '@/features/products/components/variation-digital-file';
import { VariationEditor } from '@/features/products/components/variation-editor';
import { VariationImages } from '@/features/products/components/variation-images';
import { useShop } from '@/features/shop-profile/api/get-shop';
import { paths } from '@/lib/paths';

function EditProduct({ id }: { id: number }) {
  const navigate = useNavigate();
  const product = useProduct(id);
  const shop = useShop();
  const publish = usePublishProduct();
  const remove = useDeleteProduct();

  if (product.isPending) return <LoadingState />;
  if (product.isError) return <ErrorState error={product.error} onRetry={() => product.refetch()} />;
  const p = product.data;
  const status = listingStatus(p);
  const firstActive = p.variations.find((v) => v.is_active);

  const askDelete = async () => {
    const yes = await confirmAction({
      title: 'Delete this product?',
      message: `${p.name} and its ${p.variations.length} variation(s) will be removed from your shop. Past orders keep their lines.`,
      confirmLabel: 'Delete product',
    });
    if (!yes) return;
    remove.mutate(p.id, {
      onSuccess: () => {
        notifySuccess(`${p.name} is deleted.`);
        navigate(paths.vendor.products, { replace: true });
      },
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not delete it.'),
    });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={p.name}
        actions={
          <>
            {status === 'active' && shop.data && firstActive && (
              <Anchor
                href={`/${shop.data.slug}/product/${p.slug}/${firstActive.slug}`}
                target="_blank"
                rel="noopener"
                size="sm"
              >
                <Group gap={4} wrap="nowrap">
                  View in the storefront <IconExternalLink size={14} aria-label="(opens in a new tab)" />
                </Group>
              </Anchor>
            )}
            <Button
              variant={p.is_active ? 'default' : 'filled'}
              loading={publish.isPending}
              onClick={() =>
                publish.mutate(
                  { id: p.id, publish: !p.is_active },
                  {
                    onSuccess: (saved) =>
                      notifySuccess(saved.is_active ? `${saved.name} is published.` : `${saved.name} is withdrawn.`),
                    onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not change it.'),
                  },
                )
              }
            >
              {p.is_active ? 'Unpublish' : 'Publish'}
            </Button>
            <Button variant="outline" color="error" onClick={askDelete} loading={remove.isPending}>
              Delete
            </Button>
          </>
        }
      />
      <Group gap="xs">
        <ToneBadge tone={status === 'active' ? 'success' : status === 'draft' ? 'neutral' : 'warning'}>
          {status === 'active' ? 'Published' : status === 'draft' ? 'Draft' : 'Published, not listed'}
        </ToneBadge>
        {status === 'pending' && (
          <Text size="sm" c="dimmed">
            Shoppers see it once one variation is on sale.
          </Text>
        )}
      </Group>
      <ProductDetailsForm key={p.updated_at} product={p} />
      <Title order={2} size="h3">
        {p.type === 'Digital' ? 'Variations, pictures and files' : 'Variations and pictures'}
      </Title>
      {p.variations.map((variation) => (
        <VariationEditor key={variation.id} productId={p.id} variation={variation} canDelete={p.variations.length > 1}>
          <VariationImages productId={p.id} variation={variation} />
          {/* A physical product shows a file only when one is left from when it was digital. */}
          {(p.type === 'Digital' || variation.digital_file) && (
            <>
              <Divider />
              <VariationDigitalFile productId={p.id} variation={variation} digital={p.type === 'Digital'} />
            </>
          )}
        </VariationEditor>
      ))}
      <AddVariationForm productId={p.id} digital={p.type === 'Digital'} categoryId={p.category?.id ?? null} />
    </Stack>
  );
}

/** New product (/vendor/products/new) or one product's editor (/vendor/products/:id). */
export function Component() {
  const { productId } = useParams();
  if (!productId) {
    return (
      <Stack gap="md">
        <PageHeader
          title="New product"
          description="Name it, then add what you sell: sizes, weights, prices and stock."
        />
        <NewProductForm />
      </Stack>
    );
  }
  return <EditProduct key={productId} id={Number(productId)} />;
}
