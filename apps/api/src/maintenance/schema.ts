/**
 * Every module's tables, gathered for drizzle-kit (migrations) and for tests' direct inserts.
 * Each module owns its own file; the database client does not need them.
 */

export * from '../modules/addresses/addresses.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/cart/cart.tables';
export * from '../modules/catalog/catalog.tables';
export * from '../modules/content/content.tables';
export * from '../modules/mail/mail.tables';
export * from '../modules/money/money.tables';
export * from '../modules/offers/offers.tables';
export * from '../modules/orders/orders.tables';
export * from '../modules/payments/payments.tables';
export * from '../modules/payouts/payouts.tables';
export * from '../modules/push/push.tables';
export * from '../modules/returns/returns.tables';
export * from '../modules/reviews/reviews.tables';
export * from '../modules/shop-requests/shop-requests.tables';
export * from '../modules/shops/shops.tables';
export * from '../modules/tickets/tickets.tables';
export * from '../modules/users/users.tables';
