import type { ProductPage } from '@parade/core/catalog-dto';
import type { BlogPost } from '@parade/core/content-schemas';
import type { Review } from '@parade/core/review-schemas';
import type { Shop } from '@parade/core/shop-schemas';
import { paths } from './paths';

/**
 * Schema.org structured data (JSON-LD) for search engines (issue 25): a product with its offer,
 * the breadcrumb trail, a shop as a Store with its address, a blog post, and the site itself.
 * Links are paths here; the page head (page-head.ts) makes them absolute with the site's address.
 */

const CONTEXT = 'https://schema.org';

/** The site's name in structured data: the site itself, and the publisher of its posts. */
const SITE_NAME = 'Parade';

/** Pence as the decimal text schema.org's `price` expects ("2.50"). */
export const priceText = (pence: number) => (pence / 100).toFixed(2);

/** A list of named links, the page itself last, as a BreadcrumbList. */
export function breadcrumbJsonLd(trail: { name: string; path: string }[]): object {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: step.path,
    })),
  };
}

/** The product page's variation as a Product with one Offer in GBP (null stock = a download, always available). */
export function productJsonLd(page: ProductPage, reviews: readonly Review[] = []): object {
  const { product, variation, rating } = page;
  const path = paths.product(product.shop.slug, product.slug, variation.slug);
  const images = variation.images.length ? variation.images.map((image) => image.url) : [variation.thumbnail];
  const inStock = variation.stock === null || variation.stock > 0;
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: variation.full_name,
    ...(product.description ? { description: product.description } : {}),
    // No picture: no `image` at all (an empty list is an error to search engines' validators).
    ...(images.some(Boolean) ? { image: images.filter((image): image is string => Boolean(image)) } : {}),
    ...(variation.sku ? { sku: variation.sku } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    ...(product.category ? { category: product.category.name } : {}),
    url: path,
    offers: {
      '@type': 'Offer',
      url: path,
      priceCurrency: 'GBP',
      price: priceText(variation.price),
      availability: inStock ? `${CONTEXT}/InStock` : `${CONTEXT}/OutOfStock`,
      itemCondition: `${CONTEXT}/NewCondition`,
      seller: { '@type': 'Organization', name: product.shop.name, url: paths.vendor(product.shop.slug) },
    },
    // Ratings (decision 044): only with reviews, as search engines ask.
    ...(rating && rating.count > 0 && rating.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length > 0
      ? {
          review: reviews.slice(0, 5).map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.author },
            datePublished: review.created_at.slice(0, 10),
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            ...(review.body ? { reviewBody: review.body } : {}),
          })),
        }
      : {}),
  };
}

/** The trail a product page shows: Home, Products, its category and sub-category, the product. */
export function productBreadcrumb(page: ProductPage): object {
  const { product, variation } = page;
  return breadcrumbJsonLd([
    { name: 'Home', path: paths.home() },
    { name: 'Products', path: paths.products() },
    ...(product.category
      ? [{ name: product.category.name, path: paths.products({ category: product.category.slug }) }]
      : []),
    ...(product.category && product.sub_category
      ? [
          {
            name: product.sub_category.name,
            path: paths.products({ category: product.category.slug, sub: product.sub_category.slug }),
          },
        ]
      : []),
    { name: product.name, path: paths.product(product.shop.slug, product.slug, variation.slug) },
  ]);
}

/** A shop as a Store, with its postal address (UK) and how to reach it. */
export function shopJsonLd(shop: Shop): object {
  const image = shop.banner?.url ?? shop.logo?.url;
  return {
    '@context': CONTEXT,
    '@type': 'Store',
    name: shop.name,
    ...(shop.description || shop.tagline ? { description: shop.description ?? shop.tagline } : {}),
    url: paths.vendor(shop.slug),
    ...(image ? { image } : {}),
    ...(shop.logo ? { logo: shop.logo.url } : {}),
    ...(shop.phone ? { telephone: shop.phone } : {}),
    ...(shop.email ? { email: shop.email } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.address,
      addressLocality: shop.city,
      postalCode: shop.postcode,
      addressCountry: 'GB',
    },
  };
}

/** A blog post as a BlogPosting. */
export function blogPostJsonLd(post: BlogPost): object {
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    ...(post.cover_image ? { image: post.cover_image } : {}),
    datePublished: post.published_at,
    author: { '@type': 'Person', name: post.author },
    articleSection: post.category.name,
    url: paths.blogPost(post.slug),
    mainEntityOfPage: paths.blogPost(post.slug),
    publisher: { '@type': 'Organization', name: SITE_NAME, url: paths.home() },
  };
}

/** A blog post's trail: the blog, its category, the post (as the page's own breadcrumb shows it). */
export function blogPostBreadcrumb(post: BlogPost): object {
  return breadcrumbJsonLd([
    { name: 'Home', path: paths.home() },
    { name: 'Blog', path: paths.blog() },
    { name: post.category.name, path: paths.blog({ category: post.category.slug }) },
    { name: post.title, path: paths.blogPost(post.slug) },
  ]);
}

/** The site: its name and its product search, which search engines may offer in their results. */
export function siteJsonLd(): object {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: SITE_NAME,
    url: paths.home(),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: '/products?search={search_term_string}' },
      'query-input': 'required name=search_term_string',
    },
  };
}

/**
 * What a page's JSON-LD is made from, as PageMeta is given it: the head writer (page-head.ts)
 * builds the objects, so these builders load with it, after the first paint, not with every
 * page that has structured data (decision 039). The server's render builds them at once.
 */
export type StructuredData =
  | { kind: 'site' }
  | { kind: 'product'; page: ProductPage; reviews?: readonly Review[] }
  | { kind: 'product-breadcrumb'; page: ProductPage }
  | { kind: 'shop'; shop: Shop }
  | { kind: 'blog-post'; post: BlogPost }
  | { kind: 'blog-post-breadcrumb'; post: BlogPost };

export function structuredDataJsonLd(item: StructuredData): object {
  switch (item.kind) {
    case 'site':
      return siteJsonLd();
    case 'product':
      return productJsonLd(item.page, item.reviews);
    case 'product-breadcrumb':
      return productBreadcrumb(item.page);
    case 'shop':
      return shopJsonLd(item.shop);
    case 'blog-post':
      return blogPostJsonLd(item.post);
    case 'blog-post-breadcrumb':
      return blogPostBreadcrumb(item.post);
  }
}
