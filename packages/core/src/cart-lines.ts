/** Turning what the catalogue shows (a product page or a card) into a cart line. */
import type { CartItem } from './cart';
import type { ProductCard, ProductPage } from './catalog-dto';

export type NewCartLine = Omit<CartItem, 'quantity'>;

export function cartLineFromProductPage({ product, variation }: ProductPage): NewCartLine {
  const shop = { id: product.shop.id, name: product.shop.name, slug: product.shop.slug };
  return {
    id: variation.id,
    name: variation.name,
    slug: variation.slug,
    full_name: variation.full_name,
    price: variation.price,
    thumbnail: variation.thumbnail ?? variation.images[0]?.url ?? null,
    images: variation.images,
    product: { id: product.id, slug: product.slug, type: product.type, shop_id: shop.id, shop },
  };
}

export function cartLineFromCard(card: ProductCard): NewCartLine {
  return {
    id: card.variation.id,
    name: card.variation.name,
    slug: card.variation.slug,
    full_name: card.variation.full_name,
    price: card.variation.price,
    thumbnail: card.thumbnail,
    images: card.thumbnail ? [{ url: card.thumbnail }] : [],
    product: {
      id: card.id,
      slug: card.slug,
      type: card.type,
      shop_id: card.shop.id,
      shop: { id: card.shop.id, name: card.shop.name, slug: card.shop.slug },
    },
  };
}
