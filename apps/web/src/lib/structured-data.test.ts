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
