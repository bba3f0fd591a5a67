import { readFileSync } from 'node:fs';
import { matchStorefrontPath, storefrontFixedPaths } from '@parade/core/storefront-routes';
import { describe, expect, it } from 'vitest';

/**
 * The server answers 404 for a path that is no storefront page (core's storefront-routes.ts).
 * That list must follow this app's router: every route the router declares is a page to the
 * server, and every fixed page the server knows is declared here.
 */
const source = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');
const declared = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!).filter((path) => path !== '*');
/** A route's path with sample values for its parameters, as a full path under each parent it may have. */
const candidates = (path: string) => {
  const sample = path.replace(/:[a-z]+/gi, 'x');
  return [`/${sample}`, `/profile/${sample}`, `/vendor/x/${sample}`];
};

describe("the server's list of storefront pages", () => {
  it("knows every route of the storefront's router", () => {
    expect(declared.length).toBeGreaterThan(30);
    for (const path of declared) {
      expect(
        candidates(path).some((full) => matchStorefrontPath(full) !== null),
        `${path} is no page to the server (packages/core/src/storefront-routes.ts)`,
      ).toBe(true);
    }
  });

  it('names only pages the router declares', () => {
    for (const full of storefrontFixedPaths.filter((path) => path !== '/' && path !== '/profile')) {
      const own = full.startsWith('/profile/') ? full.slice('/profile/'.length) : full.slice(1);
      expect(declared, full).toContain(own);
    }
  });
});
