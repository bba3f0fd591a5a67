/**
 * The catalogue and content wire types under their historical import path. The shapes are
 * zod schemas now (catalog-schemas.ts, shop-schemas.ts, content-schemas.ts, search-schemas.ts);
 * these are their `z.infer` types.
 */
export type {
  Brand,
  CardVariation,
  CategoryNode,
  ImageRef,
  PriceRange,
  ProductCard,
  ProductDetail,
  ProductList,
  ProductPage,
  Ref,
  Variation,
} from './catalog-schemas';
export type {
  BlogCategory,
  BlogList,
  BlogPost,
  Deal,
  HomeData,
  PageContent,
  PageSetting,
  Slider,
} from './content-schemas';
export type { SearchHit } from './search-schemas';
export type { Shop, ShopCard, ShopData, ShopSlideItem, VendorRef } from './shop-schemas';
