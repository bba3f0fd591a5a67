/**
 * Import rules that hold without anyone remembering them (docs/decisions/007). `npm run lint`
 * runs them through scripts/check-boundaries.mjs, once per app so each app's `@/` alias
 * resolves with its own tsconfig. scripts/boundaries.test.ts proves each rule catches a
 * violation, using the small trees under scripts/boundary-fixtures/.
 *
 * Paths are relative to the folder depcruise runs in (the repository root).
 */

/** Test code: unit and API tests, browser specs, test helpers and the shared test-support package. */
const testCode =
  '(^apps/api/bench/|\\.test\\.tsx?$|\\.spec\\.tsx?$|^apps/[^/]+/e2e/|^apps/api/src/test/|^packages/test-support/)';

module.exports = {
  forbidden: [
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
        'Outside the modules, only the gathered schema (db/schema.ts), the database client, migrations and the demo seed touch tables; workflows and plugins call module functions.',
      severity: 'error',
      from: {
        path: '^apps/api/src/',
        pathNot: ['^apps/api/src/modules/', '^apps/api/src/db/', '\\.test\\.ts$', '^apps/api/src/test/'],
      },
      to: { path: ['^apps/api/src/modules/[^/]+/[^/]+\\.tables\\.ts$', '^apps/api/src/db/schema\\.ts$'] },
    },
    {
      name: 'api-module-imports-gathered-schema',
      comment:
        "db/schema.ts gathers every module's tables; a module's production code using it would bypass the boundary.",
      severity: 'error',
      from: { path: '^apps/api/src/modules/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/api/src/db/(schema\\.ts|seed/)' },
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
