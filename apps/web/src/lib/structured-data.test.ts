import type { ProductPage } from '@parade/core/catalog-dto';
import type { Shop } from '@parade/core/shop-schemas';
import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, priceText, productBreadcrumb, productJsonLd, shopJsonLd } from './structured-data';

const page = (stock: number | null): ProductPage => ({
  product: {
    id: 1,
    name: 'Sourdough',
    slug: 'sourdough',
    type: 'Physical',
    description: 'Slow-proved.',
    shop: { id: 2, name: 'Green Barrow', slug: 'green-barrow', logo: null, holiday_mode: false, holiday_message: null },
    brand: { id: 3, name: 'Barrow Bakes', slug: 'barrow-bakes' },
    category: { id: 4, name: 'Bakery', slug: 'bakery' },
    sub_category: { id: 5, name: 'Bread', slug: 'bread' },
  },
  variation: {
    id: 6,
    name: '800g',
    slug: '800g',
    full_name: 'Sourdough 800g',
    price: 450,
    compare_at_price: null,
    stock,
    sku: 'SD-800',
    thumbnail: '/uploads/t.jpg',
    images: [{ url: '/uploads/1.jpg' }],
  },
  variations: [],
  related: [],
  rating: { average: null, count: 0, histogram: [0, 0, 0, 0, 0] },
});

describe('structured data', () => {
  it('gives a product page one Offer in GBP, in stock or not by its stock (a download always)', () => {
    const product = productJsonLd(page(3));
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Sourdough 800g',
      sku: 'SD-800',
      image: ['/uploads/1.jpg'],
      brand: { '@type': 'Brand', name: 'Barrow Bakes' },
      offers: {
        '@type': 'Offer',
        priceCurrency: 'GBP',
        price: '4.50',
        availability: 'https://schema.org/InStock',
        url: '/green-barrow/product/sourdough/800g',
      },
    });
    expect(productJsonLd(page(0))).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    expect(productJsonLd(page(null))).toMatchObject({ offers: { availability: 'https://schema.org/InStock' } });
    expect(priceText(5)).toBe('0.05');
    // No picture at all: no `image` (an empty list fails search engines' validators).
    const bare = page(3);
    expect(
      productJsonLd({ ...bare, variation: { ...bare.variation, images: [], thumbnail: null } }),
    ).not.toHaveProperty('image');
  });

  it('rates a product with reviews (AggregateRating and its first reviews), and one without none', () => {
    expect(productJsonLd(page(3))).not.toHaveProperty('aggregateRating');
    const rated = { ...page(3), rating: { average: 4.33, count: 3, histogram: [0, 0, 0, 2, 1] } };
    const review = {
      id: 9,
      rating: 5,
      body: 'Lovely crust.',
      photos: [],
      author: 'Rhiannon R.',
      verified_purchase: true as const,
      variation: 'Sourdough 800g',
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
      reply: null,
    };
    expect(productJsonLd(rated, [review])).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.33, reviewCount: 3, bestRating: 5 },
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Rhiannon R.' },
          datePublished: '2026-11-20',
          reviewRating: { '@type': 'Rating', ratingValue: 5 },
          reviewBody: 'Lovely crust.',
        },
      ],
    });
  });

  it("walks a product's trail down to it, each step numbered", () => {
    const trail = productBreadcrumb(page(1)) as { itemListElement: { position: number; name: string; item: string }[] };
    expect(trail.itemListElement.map((step) => [step.position, step.name, step.item])).toEqual([
      [1, 'Home', '/'],
      [2, 'Products', '/products'],
      [3, 'Bakery', '/products?category=bakery'],
      [4, 'Bread', '/products?category=bakery&sub=bread'],
      [5, 'Sourdough', '/green-barrow/product/sourdough/800g'],
    ]);
    expect(breadcrumbJsonLd([])).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [] });
  });

  it('describes a shop as a Store with its UK address', () => {
    const shop = {
      id: 1,
      name: 'Green Barrow',
      slug: 'green-barrow',
      tagline: 'Greengrocer',
      description: null,
      logo: { url: '/uploads/logo.png' },
      banner: null,
      slide: { items: [] },
      address: '12 Roman Road',
      city: 'London',
      postcode: 'E3 5LU',
      phone: '020 7946 0000',
      email: null,
      rating: { average: 4.5, count: 2 },
    } satisfies Shop;
    expect(shopJsonLd(shop)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Store',
      name: 'Green Barrow',
      description: 'Greengrocer',
      url: '/vendor/green-barrow',
      image: '/uploads/logo.png',
      logo: '/uploads/logo.png',
      telephone: '020 7946 0000',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 Roman Road',
        addressLocality: 'London',
        postalCode: 'E3 5LU',
        addressCountry: 'GB',
      },
    });
  });
});
