/**
 * How vitest.config.ts splits the API's test files between its projects (decision 025);
 * scripts/api-test-files.test.ts keeps the lists true as files come and go.
 */

/** API test files that open no database: pure rules, config, helpers. They run once (api-unit). */
export const apiUnitFiles = [
  'apps/api/src/config.test.ts',
  'apps/api/src/dev-mode.test.ts',
  'apps/api/src/lib/concurrency-limit.test.ts',
  'apps/api/src/lib/deadlocks.test.ts',
  'apps/api/src/lib/digital-files.test.ts',
  'apps/api/src/lib/image-upload.test.ts',
  'apps/api/src/lib/images.test.ts',
  'apps/api/src/lib/pg-errors.test.ts',
  'apps/api/src/lib/public-address.test.ts',
  'apps/api/src/lib/slugs.test.ts',
  'apps/api/src/lib/storage/object-store.test.ts',
  'apps/api/src/lib/text-match.test.ts',
  'apps/api/src/modules/auth/password.test.ts',
  'apps/api/src/modules/auth/two-factor.test.ts',
  'apps/api/src/modules/push/vapid-keys.test.ts',
  'apps/api/src/modules/seo/sitemap-xml.test.ts',
  'apps/api/src/plugins/peer-changes.test.ts',
];

/**
 * The API files whose behaviour depends on the database driver, run on PGlite as well when the
 * whole suite runs on PostgreSQL: PGlite keeps its data in one process (on a worker thread), runs
 * one statement at a time and cannot enforce a statement timeout, so what differs is durability
 * and restarts, concurrency and locking, transactions rolled back, timeouts and degrading, the
 * pg_trgm search, the read model's refresh, prepared statements, the seed and the health check.
 * The fuzzing file runs too (a driver error surfacing as a 5xx is what it looks for), with
 * fewer runs per route. So do the day-of-trade files whose acceptance names both databases
 * (issue 23): the vendor orders' jsonb address as each driver hands it back (fulfilment),
 * the price refusal (vendor-catalog) and the live order feed, whose NOTIFY is LISTENed to across
 * processes on PostgreSQL and within PGlite's one process (live-orders); the status mails and
 * digital lines are in workflows/; and the web pushes, sent after each driver's commit (push).
 * The VAT a checkout records per line, and the VAT numbers and rates it copies (issue 24: vat).
 * The money property test over random trading days (issue 24's acceptance names both databases).
 * Platform coupons' race-free usage limit under each driver's locking (issue 23), and the shop
 * ledger, whose append-only rule is a PL/pgSQL trigger each engine runs (issue 24: money), and
 * payout runs, serialised by an advisory lock each engine takes its own way (issue 24: payouts).
 * The mail outbox's claims (FOR UPDATE SKIP LOCKED) and the readiness probe, and a real process
 * stopped by a signal (maintenance/), whose acceptance names both databases (issue 26, decision 042).
 * Every other API file talks to PostgreSQL through the same SQL either way.
 * Without TEST_DATABASE_URL every API file runs on PGlite.
 */
export const driverDependentFiles = [
  // Account security (issue 28): its acceptance names both databases; the claim retries race on each driver's locking.
  'apps/api/src/modules/auth/account-security.test.ts',
  'apps/api/src/modules/offers/claim-idempotency.test.ts',
  'apps/api/src/db/pglite-durable.test.ts',
  'apps/api/src/app.test.ts',
  'apps/api/src/crash-safety.test.ts',
  'apps/api/src/fuzz.test.ts',
  'apps/api/src/jobs/card-payment-timeout.test.ts',
  // Not rolling-restart.test.ts: three processes sharing one database need a PostgreSQL server.
  'apps/api/src/maintenance/graceful-shutdown.test.ts',
  'apps/api/src/maintenance/restart.test.ts',
  'apps/api/src/maintenance/storage-copy.test.ts',
  'apps/api/src/modules/health/health.test.ts',
  'apps/api/src/modules/mail/mailer.test.ts',
  'apps/api/src/money-properties.test.ts',
  'apps/api/src/modules/addresses/addresses.test.ts',
  'apps/api/src/modules/cart/platform-coupons.test.ts',
  'apps/api/src/modules/catalog/query-count.test.ts',
  'apps/api/src/modules/catalog/vendor-catalog.test.ts',
  'apps/api/src/modules/catalog/read-model.test.ts',
  'apps/api/src/modules/catalog/search-limits.test.ts',
  'apps/api/src/modules/money/money.test.ts',
  'apps/api/src/modules/offers/offers.test.ts',
  'apps/api/src/modules/orders/fulfilment.test.ts',
  'apps/api/src/modules/orders/live-orders.test.ts',
  'apps/api/src/modules/payouts/payouts.test.ts',
  'apps/api/src/modules/push/push.test.ts',
  'apps/api/src/modules/reviews/reviews.test.ts',
  'apps/api/src/modules/offers/qr-codes.test.ts',
  'apps/api/src/modules/search/search.test.ts',
  'apps/api/src/plugins/degrading.test.ts',
  'apps/api/src/vat.test.ts',
  'apps/api/src/workflows/*.test.ts',
];
