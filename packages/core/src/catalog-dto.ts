/**
 * Wire shapes of the catalogue and content calls (api-contract.md). The API maps rows to
 * these explicitly; the storefront reads them. Money fields are integer pence.
 */

import type { ProductType, SliderType } from './catalog';
import type { Paginated } from './envelope';

export interface Ref {
  id: number;
  name: string;
  slug: string;
}

export interface ImageRef {
  url: string;
}

export interface PriceRange {
  min: number;
  max: number;
}

/** GET /brands. */
export interface Brand extends Ref {
  logo: ImageRef | null;
}

export interface CategoryNode extends Ref {
  image: string | null;
  sub_categories: (Ref & { brands: Ref[] })[];
}

export interface CardVariation extends Ref {
  full_name: string;
  price: number;
  /** null = unlimited (digital). */
  stock: number | null;
}

/** Every product list uses this card; it links to /{shop.slug}/product/{slug}/{variation.slug}. */
export interface ProductCard extends Ref {
  type: ProductType;
  price: number;
  compare_at_price: number | null;
  thumbnail: string | null;
  shop: Ref;
  brand: Ref | null;
  variation: CardVariation;
}

export interface Variation extends CardVariation {
  sku: string | null;
  compare_at_price: number | null;
  thumbnail: string | null;
  images: ImageRef[];
}

export interface ProductDetail extends Ref {
  type: ProductType;
  description: string | null;
  shop: Ref & { logo: ImageRef | null };
  brand: Ref | null;
  category: Ref | null;
  sub_category: Ref | null;
}

export interface ProductPage {
  product: ProductDetail;
  variation: Variation;
  variations: Variation[];
  related: ProductCard[];
}

export interface ProductList {
  products: Paginated<ProductCard>;
  price_range: PriceRange;
}

export interface ShopSlideItem {
  title: string;
  caption: string;
  image: string;
  mobile_image: string | null;
  action_link: string | null;
  action_text: string | null;
}

export interface ShopCard extends Ref {
  tagline: string | null;
  logo: ImageRef | null;
  banner: ImageRef | null;
  address: string;
  postcode: string;
  product_count: number;
}

export interface Shop extends Ref {
  tagline: string | null;
  description: string | null;
  logo: ImageRef | null;
  banner: ImageRef | null;
  slide: { items: ShopSlideItem[] };
  address: string;
  city: string;
  postcode: string;
  phone: string | null;
  email: string | null;
}

export interface ShopData {
  categories: Ref[];
  brands: Ref[];
  price_range: PriceRange;
  product_count: number;
}

export interface Slider {
  id: number;
  type: SliderType;
  image: string;
  mobile_image: string | null;
  title: string | null;
  caption: string | null;
  link: string | null;
}

export interface VendorRef extends Ref {
  logo: ImageRef | null;
}

export interface HomeData {
  categories: CategoryNode[];
  category_with_children: CategoryNode[];
  brands: Ref[];
  vendors: VendorRef[];
  products: ProductCard[];
  popular_products: ProductCard[];
  sliders: Slider[];
}

export interface PageSetting {
  section: string;
  key: string;
  value: string;
  value_type: string;
}

export interface PageContent {
  slug: string;
  title: string;
  settings: PageSetting[];
}

export interface SearchHit extends Ref {
  full_name: string;
  price: number;
  thumbnail: string | null;
  product: { slug: string; type: ProductType; shop: { name: string; slug: string } };
}

export interface BlogCategory extends Ref {
  posts_count: number;
}

export interface BlogPost extends Ref {
  title: string;
  excerpt: string;
  body: string;
  cover_image: string | null;
  author: string;
  published_at: string;
  category: Ref;
}

export interface BlogList {
  status: true;
  posts: Paginated<BlogPost>;
  latestPost: BlogPost[];
}

export interface Deal {
  id: number;
  title: string;
  description: string;
  image: string | null;
  badge: string | null;
  link: string | null;
  shop: Ref | null;
  starts_at: string | null;
  ends_at: string | null;
}
