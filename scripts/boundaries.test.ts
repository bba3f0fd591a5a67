import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script run by `npm run lint`
import { checkBoundaries } from './check-boundaries.mjs';

/**
 * Each case lays out a tiny repository whose only import is the one under test, runs the
 * same check as `npm run lint` in it, and expects the named rule (or no rule) to answer.
 */
type Tree = Record<string, string>;
const exporting = (name: string) => `export const ${name} = 1;\n`;
const importing = (from: string) => `import { value } from '${from}';\nexport const copy = value;\n`;

const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function check(tree: Tree): { status: number; output: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parade-boundaries-'));
  trees.push(dir);
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return checkBoundaries({ cwd: dir });
}

const violations: [rule: string, why: string, tree: Tree][] = [
  [
    'web-feature-imports-feature',
    'a web feature imports another feature',
    {
      'apps/web/src/features/catalog/price.ts': exporting('value'),
      'apps/web/src/features/cart/total.ts': importing('../catalog/price'),
    },
  ],
  [
    'web-feature-imports-app',
    'a web feature imports the app layer',
    {
      'apps/web/src/app/router.ts': exporting('value'),
      'apps/web/src/features/cart/total.ts': importing('../../app/router'),
    },
  ],
  [
    'web-shared-imports-feature-or-app',
    'shared web code imports a feature',
    {
      'apps/web/src/features/cart/total.ts': exporting('value'),
      'apps/web/src/lib/money.ts': importing('../features/cart/total'),
    },
  ],
  [
    'api-module-internals',
    "an API module imports another module's tables",
    {
      'apps/api/src/modules/catalog/catalog.tables.ts': exporting('value'),
      'apps/api/src/modules/search/search.service.ts': importing('../catalog/catalog.tables'),
    },
  ],
  [
    'api-module-internals',
    "an API module imports another module's service instead of its index",
    {
      'apps/api/src/modules/catalog/products.service.ts': exporting('value'),
      'apps/api/src/modules/search/search.service.ts': importing('../catalog/products.service'),
    },
  ],
  [
    'api-module-internals',
    "an API test imports another module's tables instead of the gathered schema",
    {
      'apps/api/src/modules/catalog/catalog.tables.ts': exporting('value'),
      'apps/api/src/modules/search/search.test.ts': importing('../catalog/catalog.tables'),
    },
  ],
  [
    'api-tables-outside-modules',
    'a workflow reaches into a tables file',
    {
      'apps/api/src/modules/catalog/catalog.tables.ts': exporting('value'),
      'apps/api/src/workflows/place-order.ts': importing('../modules/catalog/catalog.tables'),
    },
  ],
  [
    'api-module-imports-gathered-schema',
    'a module service imports the gathered schema',
    {
      'apps/api/src/db/schema.ts': exporting('value'),
      'apps/api/src/modules/search/search.service.ts': importing('../../db/schema'),
    },
  ],
  [
    'production-imports-test-code',
    'production code imports an API test helper',
    {
      'apps/api/src/test/build-test-app.ts': exporting('value'),
      'apps/api/src/modules/auth/auth.service.ts': importing('../../test/build-test-app'),
    },
  ],
  [
    'production-imports-test-code',
    'production code imports the test-support package',
    {
      'packages/test-support/src/smtp-capture.ts': exporting('value'),
      'apps/api/src/modules/mail/mailer.ts': importing('../../../../../packages/test-support/src/smtp-capture'),
    },
  ],
  [
    'imports-browser-specs',
    'storefront code imports from the browser specs',
    {
      'apps/web/e2e/support/page-helpers.ts': exporting('value'),
      'apps/web/src/lib/helpers.ts': importing('../../e2e/support/page-helpers'),
    },
  ],
  [
    'app-imports-another-app',
    "the storefront's browser set-up imports API source",
    {
      'apps/api/src/server.ts': exporting('value'),
      'apps/web/e2e/support/global-setup.ts': importing('../../../api/src/server'),
    },
  ],
  [
    'package-imports-app',
    'a shared package imports an app',
    {
      'apps/api/src/lib/envelope.ts': exporting('value'),
      'packages/core/src/envelope.ts': importing('../../../apps/api/src/lib/envelope'),
    },
  ],
];

describe('import boundaries (npm run lint)', () => {
  it.each(violations)('%s catches it when %s', (rule, _why, tree) => {
    const { status, output } = check(tree);
    expect(output).toContain(`error ${rule}:`);
    expect(status).not.toBe(0);
  });

  it('allows what the rules allow: module indexes, foreign keys between tables, tests on the gathered schema', () => {
    const { status, output } = check({
      'apps/api/src/modules/users/users.tables.ts': exporting('value'),
      'apps/api/src/modules/users/index.ts': importing('./users.tables'),
      'apps/api/src/modules/auth/auth.tables.ts': importing('../users/users.tables'),
      'apps/api/src/modules/auth/auth.service.ts': importing('../users'),
      'apps/api/src/db/schema.ts': importing('../modules/users/users.tables'),
      'apps/api/src/modules/auth/auth.test.ts': importing('../../db/schema'),
      'apps/api/src/workflows/register.ts': importing('../modules/users/index'),
      'apps/web/src/features/cart/total.ts': importing('../../lib/money'),
      'apps/web/src/lib/money.ts': exporting('value'),
      'apps/web/src/app/routes/cart.ts': importing('../../features/cart/total'),
    });
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });
});
