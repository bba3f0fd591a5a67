/**
 * Import rules that hold without anyone remembering them (docs/decisions/007 and 024). `npm run lint`
 * runs them through scripts/check-boundaries.mjs, once per app so each app's `@/` alias
 * resolves with its own tsconfig. scripts/boundaries.test.ts proves each rule catches a
 * violation, using the small trees under scripts/boundary-fixtures/.
 *
 * Paths are relative to the folder depcruise runs in (the repository root).
 */

/** Test code: unit and API tests, browser specs, test helpers and the shared test-support package. */
const testCode =
  '(^apps/api/bench/|\\.test\\.tsx?$|\\.spec\\.tsx?$|^apps/[^/]+/e2e/|^apps/api/src/test/|^packages/test-support/)';

/*
 * The API's layers, each importing only those before it (docs/decisions/024):
 *   lib and config < db < modules < workflows < http
 * Plugins sit beside workflows (they may use modules through their index.ts, never workflows);
 * maintenance/ (the gathered schema, the demo seed, the migrate and repair CLIs) sits above the
 * modules and workflows, below the server that seeds at start. The HTTP layer is every route file
 * (modules' *.routes.ts), src/http/ (one file registers every route plugin), src/jobs/ (timers
 * that run workflows), app.ts and server.ts.
 */
const api = '^apps/api/src/';
const ground = '^apps/api/src/(lib/|config\\.ts$|dev-mode\\.ts$)';
const routeFiles = '^apps/api/src/modules/[^/]+/[^/]+\\.routes\\.ts$';
const moduleIndex = '^apps/api/src/modules/[^/]+/index\\.ts$';
const tablesFile = '^apps/api/src/modules/[^/]+/[^/]+\\.tables\\.ts$';
const httpLayer = ['^apps/api/src/(http|jobs)/', '^apps/api/src/(app|server)\\.ts$'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import circles, in the API or either app: a circle makes every file on it change with the others. Move what both sides need one layer down (docs/decisions/024).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-imports-feature',
      comment:
        'A web feature never imports another feature: routes in src/app compose them (bulletproof-react). Move shared code to src/components, src/hooks or src/lib.',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/features/([^/]+)/' },
      to: { path: '^apps/(web|admin)/src/features/', pathNot: '^apps/$1/src/features/$2/' },
    },
    {
      name: 'web-feature-imports-app',
      comment: 'Features are composed by src/app; they never import it.',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/features/' },
      to: { path: '^apps/(web|admin)/src/app/' },
    },
    {
      name: 'web-shared-imports-feature-or-app',
      comment:
        'src/components, src/hooks and src/lib are shared by every feature, so they import neither features nor app.',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/(components|hooks|lib)/' },
      to: { path: '^apps/(web|admin)/src/(features|app)/' },
    },
    {
      name: 'api-module-internals',
      comment:
        "An API module is used through its index.ts only. Its tables, services and helpers are its own: ask the owning module for a query or command function (docs/decisions/007). A tables file may still reference another module's table for a foreign key.",
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: '\\.tables\\.ts$' },
      to: {
        path: '^apps/api/src/modules/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'api-tables-reference-tables-only',
      comment: "A tables file may import another module's tables file (for foreign keys), nothing else of it.",
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/[^/]+\\.tables\\.ts$' },
      to: {
        path: '^apps/api/src/modules/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/[^/]+\\.tables\\.ts$'],
      },
    },
    {
      name: 'api-tables-outside-modules',
      comment:
        'Outside the modules, only maintenance/ (the gathered schema for migrations, the demo seed) touches tables; workflows, plugins and the database client call module functions or none.',
      severity: 'error',
      from: {
        path: api,
        pathNot: ['^apps/api/src/modules/', '^apps/api/src/maintenance/', '\\.test\\.ts$', '^apps/api/src/test/'],
      },
      to: { path: [tablesFile, '^apps/api/src/maintenance/schema\\.ts$'] },
    },
    {
      name: 'api-module-imports-maintenance',
      comment:
        "maintenance/ sits above the modules: its schema.ts gathers every module's tables (a module using it would bypass the boundary), its seed and scripts use the modules.",
      severity: 'error',
      from: { path: '^apps/api/src/modules/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/api/src/maintenance/' },
    },
    {
      name: 'api-module-used-through-index',
      comment:
        'Outside the modules, code uses a module through its index.ts only (tables aside, see api-tables-outside-modules; route files aside, see api-routes-registered-in-one-place). A plugin or workflow that needs more asks the module for a function.',
      severity: 'error',
      from: { path: api, pathNot: ['^apps/api/src/modules/', testCode] },
      to: { path: '^apps/api/src/modules/', pathNot: [moduleIndex, tablesFile, routeFiles] },
    },
    {
      name: 'api-routes-registered-in-one-place',
      comment:
        'Route plugins (*.routes.ts) belong to the HTTP layer: src/http/routes.ts registers every one of them and nothing else imports them, so no module index, workflow or plugin can pull the HTTP layer under itself.',
      severity: 'error',
      from: { pathNot: ['^apps/api/src/http/routes\\.ts$', testCode] },
      to: { path: routeFiles },
    },
    {
      name: 'api-ground-imports-upward',
      comment: 'lib/ and config are the ground floor of the API: they import nothing else of it.',
      severity: 'error',
      from: { path: ground, pathNot: testCode },
      to: { path: api, pathNot: ground },
    },
    {
      name: 'api-db-imports-upward',
      comment:
        'db/ (the client, columns, prepared statements, drivers) imports only config and lib: no module, workflow, plugin or maintenance/, so every layer above can use it.',
      severity: 'error',
      from: { path: '^apps/api/src/db/', pathNot: testCode },
      to: { path: api, pathNot: ['^apps/api/src/db/', ground] },
    },
    {
      name: 'api-module-imports-upward',
      comment:
        "A module's code (route files aside) never imports workflows, plugins, jobs or the HTTP layer: they import the modules. A use case that needs another module is a workflow.",
      severity: 'error',
      from: { path: '^apps/api/src/modules/', pathNot: [testCode, routeFiles] },
      to: { path: ['^apps/api/src/(workflows|plugins)/', ...httpLayer] },
    },
    {
      name: 'api-workflow-imports-upward',
      comment:
        'Workflows compose module commands; plugins, jobs, route files and app.ts compose workflows, never the other way round.',
      severity: 'error',
      from: { path: '^apps/api/src/workflows/', pathNot: testCode },
      to: { path: ['^apps/api/src/(plugins|maintenance)/', ...httpLayer] },
    },
    {
      name: 'api-plugin-imports-upward',
      comment:
        'Plugins (auth, role guards, caching, ...) may use module indexes, lib, config and db; never workflows, routes, jobs or app.ts: route files import plugins.',
      severity: 'error',
      from: { path: '^apps/api/src/plugins/', pathNot: testCode },
      to: { path: ['^apps/api/src/(workflows|maintenance)/', ...httpLayer] },
    },
    {
      name: 'api-maintenance-imports-http',
      comment:
        'maintenance/ (schema, seed, migrate and repair scripts) runs without a server: it never imports plugins, jobs or the HTTP layer.',
      severity: 'error',
      from: { path: '^apps/api/src/maintenance/', pathNot: testCode },
      to: { path: ['^apps/api/src/plugins/', ...httpLayer] },
    },
    {
      name: 'production-imports-test-code',
      comment: 'Production code never imports tests, test helpers or the test-support package.',
      severity: 'error',
      from: { pathNot: testCode },
      to: { path: testCode },
    },
    {
      name: 'imports-browser-specs',
      comment: 'Nothing outside a browser spec folder imports from it.',
      severity: 'error',
      from: { pathNot: '^apps/([^/]+)/e2e/' },
      to: { path: '^apps/[^/]+/e2e/' },
    },
    {
      name: 'app-imports-another-app',
      comment:
        'Apps talk over HTTP, not imports: share code through packages/core (wire shapes, rules), packages/ui (browser code of the two web apps) or packages/test-support (test tools).',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'package-imports-app',
      comment: 'Packages are shared by the apps, so they never import one.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'core-imports-runtime-specific',
      comment: 'packages/core runs in the browser and on the server: no Node built-ins, no database, no React.',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve would hide a broken rule.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|data|drizzle)/' },
    // Type-only imports count too: a type from another module's tables is still a reach inside.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.d.ts'],
    },
  },
};
