/**
 * The shop-requests module's public surface. It has tables only so far (gathered by db/schema.ts for
 * migrations and the seed); routes and the functions other modules may call will be exported here.
 */
export {};
