import { describe, expect, it } from 'vitest';
import { matchStorefrontPath } from './storefront-routes';

describe('matchStorefrontPath', () => {
  it('knows the fixed pages, with or without a trailing slash', () => {
    for (const path of ['/', '/products', '/products/', '/profile/orders', '/auth/login', '/cart']) {
      expect(matchStorefrontPath(path), path).toEqual({ kind: 'fixed' });
    }
  });

  it('names the product, shop, post or page a path needs', () => {
    expect(matchStorefrontPath('/green-barrow/product/bananas/1kg')).toEqual({
      kind: 'product',
      vendor: 'green-barrow',
      product: 'bananas',
      variation: '1kg',
    });
    expect(matchStorefrontPath('/vendor/green-barrow')).toEqual({ kind: 'shop', slug: 'green-barrow' });
    expect(matchStorefrontPath('/vendor/green-barrow/my-offer')).toEqual({ kind: 'shop', slug: 'green-barrow' });
    expect(matchStorefrontPath('/blog/spring-greens')).toEqual({ kind: 'post', slug: 'spring-greens' });
    expect(matchStorefrontPath('/page/about')).toEqual({ kind: 'page', slug: 'about' });
    expect(matchStorefrontPath('/page/caf%C3%A9')).toEqual({ kind: 'page', slug: 'café' });
  });

  it("leaves a shopper's own pages to the browser", () => {
    for (const path of ['/order/pay/INV-1', '/order/invoice/INV-1', '/profile/orders/12', '/auth/reset-password/abc']) {
      expect(matchStorefrontPath(path), path).toEqual({ kind: 'private' });
    }
  });

  it('answers null for a path that is no page', () => {
    for (const path of [
      '/nope',
      '/vendor',
      '/vendor/green-barrow/nope',
      '/product/bananas',
      '/a/b/c/d/e',
      '/blog/a/b',
      '/profile/nope',
      '//products',
      '/page/%E0%A4%A',
    ]) {
      expect(matchStorefrontPath(path), path).toBeNull();
    }
  });
});
