/** Types for build-if-needed.mjs, which the API tests import. */
export function precompress(dir: string, options?: { minBytes?: number }): number;
export function buildIfNeeded(options?: { force?: boolean }): void;
