/**
 * @parade/core: the wire contract (zod schemas and their types), the enums, the error codes and
 * the pure rules shared by the API, the storefront and the admin site. Each module is also
 * importable on its own: `@parade/core/catalog-schemas`, `@parade/core/envelope`, ...
 */
export * from './admin-schemas';
export * from './auth-schemas';
export * from './cart';
export * from './cart-lines';
export * from './cart-schemas';
export * from './catalog';
export * from './catalog-schemas';
export * from './content-schemas';
export * from './coupon';
export * from './dates';
export * from './digital-files';
export * from './digital-product-schemas';
export * from './enums';
export * from './envelope';
export * from './error-codes';
export * from './health-schemas';
export * from './holiday';
export * from './ids';
export * from './location';
export * from './location-schemas';
export * from './messages';
export * from './money';
export * from './offer-schemas';
export * from './offer-text';
export * from './order-schemas';
export * from './order-status';
export * from './postcode';
export * from './return-schemas';
export * from './search-schemas';
export * from './settings';
export * from './shop-request-schemas';
export * from './shop-schemas';
export * from './status-badge';
export * from './text';
export * from './ticket-schemas';
export * from './vendor-schemas';
