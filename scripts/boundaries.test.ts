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
/** A file importing each of `froms` (a composing file: app.ts, a route file, the seed). */
const importingAll = (...froms: string[]) =>
  `${froms.map((from, i) => `import { value as v${i} } from '${from}';\n`).join('')}export const value = 1;\n`;

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
    'api-module-imports-maintenance',
    'a module service imports the gathered schema',
    {
      'apps/api/src/maintenance/schema.ts': exporting('value'),
      'apps/api/src/modules/search/search.service.ts': importing('../../maintenance/schema'),
    },
  ],
  [
    'no-circular',
    'two API files import each other',
    {
      'apps/api/src/lib/a.ts': importing('./b'),
      'apps/api/src/lib/b.ts': importing('./a'),
    },
  ],
  [
    'no-circular',
    'two storefront files import each other',
    {
      'apps/web/src/lib/a.ts': importing('./b'),
      'apps/web/src/lib/b.ts': importing('./a'),
    },
  ],
  [
    'no-circular',
    'two merchant-site files import each other',
    {
      'apps/admin/src/lib/a.ts': importing('./b'),
      'apps/admin/src/lib/b.ts': importing('./a'),
    },
  ],
  [
    'api-routes-registered-in-one-place',
    "a module's index exports its route plugin",
    {
      'apps/api/src/modules/orders/orders.routes.ts': exporting('value'),
      'apps/api/src/modules/orders/index.ts': importing('./orders.routes'),
    },
  ],
  [
    'api-routes-registered-in-one-place',
    'app.ts registers a route plugin itself',
    {
      'apps/api/src/modules/orders/orders.routes.ts': exporting('value'),
      'apps/api/src/app.ts': importing('./modules/orders/orders.routes'),
    },
  ],
  [
    'api-routes-registered-in-one-place',
    'a route file registers another route file',
    {
      'apps/api/src/modules/content/admin-content.routes.ts': exporting('value'),
      'apps/api/src/modules/content/admin.routes.ts': importing('./admin-content.routes'),
    },
  ],
  [
    'api-module-used-through-index',
    "a plugin imports a module's internals",
    {
      'apps/api/src/modules/auth/sessions.ts': exporting('value'),
      'apps/api/src/plugins/auth.ts': importing('../modules/auth/sessions'),
    },
  ],
  [
    'api-module-used-through-index',
    "a workflow imports a module's service instead of its index",
    {
      'apps/api/src/modules/orders/orders.commands.ts': exporting('value'),
      'apps/api/src/workflows/place-order.ts': importing('../modules/orders/orders.commands'),
    },
  ],
  [
    'api-ground-imports-upward',
    'lib imports the database client',
    {
      'apps/api/src/db/client.ts': exporting('value'),
      'apps/api/src/lib/errors.ts': importing('../db/client'),
    },
  ],
  [
    'api-db-imports-upward',
    'the database client imports the gathered schema',
    {
      'apps/api/src/maintenance/schema.ts': exporting('value'),
      'apps/api/src/db/client.ts': importing('../maintenance/schema'),
    },
  ],
  [
    'api-db-imports-upward',
    'db/ imports a module',
    {
      'apps/api/src/modules/catalog/index.ts': exporting('value'),
      'apps/api/src/db/repair.ts': importing('../modules/catalog'),
    },
  ],
  [
    'api-module-imports-upward',
    "a module's code runs a workflow",
    {
      'apps/api/src/workflows/release-unpaid-card-checkouts.ts': exporting('value'),
      'apps/api/src/modules/payments/card-payment-timeout.ts': importing(
        '../../workflows/release-unpaid-card-checkouts',
      ),
    },
  ],
  [
    'api-module-imports-upward',
    "a module's service imports a plugin",
    {
      'apps/api/src/plugins/auth.ts': exporting('value'),
      'apps/api/src/modules/users/users.service.ts': importing('../../plugins/auth'),
    },
  ],
  [
    'api-workflow-imports-upward',
    'a workflow imports a plugin',
    {
      'apps/api/src/plugins/role-guards.ts': exporting('value'),
      'apps/api/src/workflows/set-shop-status.ts': importing('../plugins/role-guards'),
    },
  ],
  [
    'api-plugin-imports-upward',
    'a plugin runs a workflow',
    {
      'apps/api/src/workflows/register-customer.ts': exporting('value'),
      'apps/api/src/plugins/auth.ts': importing('../workflows/register-customer'),
    },
  ],
  [
    'api-maintenance-imports-http',
    'the seed imports the app',
    {
      'apps/api/src/app.ts': exporting('value'),
      'apps/api/src/maintenance/seed/seed.ts': importing('../../app'),
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
      'apps/api/src/maintenance/schema.ts': importing('../modules/users/users.tables'),
      'apps/api/src/modules/auth/auth.test.ts': importing('../../maintenance/schema'),
      'apps/api/src/workflows/register.ts': importing('../modules/users/index'),
      'apps/web/src/features/cart/total.ts': importing('../../lib/money'),
      'apps/web/src/lib/money.ts': exporting('value'),
      'apps/web/src/app/routes/cart.ts': importing('../../features/cart/total'),
    });
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });

  it('allows the API layered one way: lib < db < modules < workflows < route files, plugins, jobs, app', () => {
    const { status, output } = check({
      'apps/api/src/lib/errors.ts': exporting('value'),
      'apps/api/src/config.ts': importing('./lib/errors'),
      'apps/api/src/db/client.ts': importingAll('../config', '../lib/errors'),
      'apps/api/src/modules/users/users.tables.ts': exporting('value'),
      'apps/api/src/modules/users/users.service.ts': importingAll('../../db/client', './users.tables'),
      'apps/api/src/modules/users/index.ts': importing('./users.service'),
      'apps/api/src/modules/auth/auth.service.ts': importing('../users'),
      'apps/api/src/modules/auth/index.ts': importing('./auth.service'),
      'apps/api/src/workflows/register.ts': importingAll('../modules/users', '../modules/auth', '../db/client'),
      'apps/api/src/plugins/auth.ts': importingAll('../modules/auth', '../modules/users', '../lib/errors'),
      'apps/api/src/modules/users/users.routes.ts': importingAll(
        './users.service',
        '../auth',
        '../../plugins/auth',
        '../../workflows/register',
      ),
      'apps/api/src/http/routes.ts': importing('../modules/users/users.routes'),
      'apps/api/src/jobs/sweep.ts': importing('../workflows/register'),
      'apps/api/src/app.ts': importingAll('./http/routes', './plugins/auth', './jobs/sweep', './modules/users'),
      'apps/api/src/maintenance/schema.ts': importing('../modules/users/users.tables'),
      'apps/api/src/maintenance/seed/seed.ts': importingAll(
        '../../modules/users/users.tables',
        '../../modules/auth',
        '../../workflows/register',
        '../../db/client',
      ),
      'apps/api/src/server.ts': importingAll('./app', './maintenance/seed/seed', './db/client'),
      'apps/api/src/modules/users/users.test.ts': importingAll('../../maintenance/schema', '../../app'),
    });
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });
});
