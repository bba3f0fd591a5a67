import { describe, expect, it } from 'vitest';
import { cartLineFromCard } from './cart-lines';
import type { ProductCard } from './catalog-dto';

describe('cart lines from the catalogue', () => {
  it('carries the card variation, its price and the shop', () => {
    const card: ProductCard = {
      id: 7,
      name: 'Bananas',
      slug: 'bananas',
      type: 'Physical',
      price: 20,
      compare_at_price: null,
      thumbnail: '/uploads/b.svg',
      shop: { id: 1, name: 'Green Barrow', slug: 'green-barrow', holiday_mode: false },
      brand: null,
      variation: { id: 70, name: 'Each', slug: 'each', full_name: 'Bananas Each', price: 20, stock: 10 },
      rating: { average: null, count: 0 },
    };
    expect(cartLineFromCard(card)).toEqual({
      id: 70,
      name: 'Each',
      slug: 'each',
      full_name: 'Bananas Each',
      price: 20,
      thumbnail: '/uploads/b.svg',
      images: [{ url: '/uploads/b.svg' }],
      product: {
        id: 7,
        slug: 'bananas',
        type: 'Physical',
        shop_id: 1,
        shop: { id: 1, name: 'Green Barrow', slug: 'green-barrow' },
      },
    });
  });
});
