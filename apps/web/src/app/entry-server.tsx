import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { PageHeadCollector } from '@/components/ui/page-meta';
import { headHtml, headTags, type PageHead } from '@/lib/page-head';
import { createQueryClient } from '@/lib/query-client';
import { type RequestScope, setRequestScopeSource } from '@/lib/request-scope';
import { MainLayout, PagePending } from './layout/main-layout';
import { AppProvider } from './provider';
import { routes } from './router';
import { layoutLoader } from './routes/loaders';
import { SERVER_STATE_ID, type ServerState, serialiseQueryErrors } from './server-state';

/**
 * The storefront rendered on the server (issue 25, decision 038): the API calls render() for a
 * public page and sends the HTML with the data the page used, which the browser then hydrates
 * (main.tsx) without fetching it again.
 *
 * How a page's data is found: the matched routes' loaders run first (they start the queries the
 * browser's router would); then the page is rendered, and any query a component asked for that
 * no loader started (the footer's settings, a tab's list) is fetched and the page rendered again,
 * at most three times. Each render has its own query cache and reaches the API in process
 * (request-scope.ts), as a guest: the token stays in the browser's local storage.
 */

const scopes = new AsyncLocalStorage<RequestScope>();
setRequestScopeSource(() => scopes.getStore());

const handler = createStaticHandler(routes);
const MAX_RENDERS = 3;

/**
 * A page of the main layout that the server cannot draw (a shopper's own pages, the cart, checkout:
 * what they show is in the browser's storage): its header and footer, and PagePending where the
 * screen goes. Without it a phone showed a blank "Loading Parade..." until the app's code and the
 * token check had arrived; now the page's frame paints with the HTML.
 */
const mainLayout = routes[0] as RouteObject;
const shellHandler = createStaticHandler([
  { element: <MainLayout />, loader: layoutLoader, children: [{ path: '*', element: <PagePending /> }] },
]);

export interface RenderOptions {
  /** The page's path and query, as requested. */
  url: string;
  /** The site's public address (PUBLIC_URL): canonical URLs and pictures in link previews. */
  origin: string;
  /** Calls the API in process (the API's own request pipeline, reply cache included). */
  fetch: RequestScope['fetch'];
}

export type RenderResult =
  | {
      kind: 'page';
      /** The head's page tags (title, description, canonical, Open Graph, JSON-LD). */
      head: string;
      /** The root element's inner HTML. */
      html: string;
      /** The data block the browser hydrates from. */
      state: string;
      /** The matched routes' ids: with the build's module map, the chunks and CSS to link. */
      routeIds: string[];
      /** How many times the page was rendered (1 when the loaders had started every query it needed). */
      renders: number;
      /** The page drew "nothing here" for what its URL asks (PageMeta's notFound): the server answers 404. */
      notFound: boolean;
      /** The queries no loader started, found by rendering (each costs a render more: a loader should start it). */
      lateQueries: string[];
    }
  | { kind: 'redirect'; status: number; location: string }
  /** Something failed that the browser may fare better with (an API error): send the shell. */
  | { kind: 'shell'; reason: string }
  /** A page the server does not draw at all (the slim layout's sign-in screens): the app's shell is its answer. */
  | { kind: 'app-shell' };

/** A query a component asked for while rendering that has not been fetched (and is not switched off). */
function waiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** A failure that is the page's answer (a product that does not exist), not a fault. */
const isClientError = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

export function render(options: RenderOptions): Promise<RenderResult> {
  const queryClient = createQueryClient();
  return scopes.run({ queryClient, fetch: options.fetch }, () => renderInScope(options, queryClient, 'page'));
}

/**
 * The frame of a page the server does not draw (see `shellHandler`): header, footer and "Loading
 * your page...", with no data block, so the browser does not hydrate it: the app draws the page
 * itself once the token is checked and replaces this whole (start.tsx). Not indexed. A page of the
 * slim layout (sign-in screens) gets the app's splash, as before.
 */
export function renderShell(options: RenderOptions): Promise<RenderResult> {
  const matches = matchRoutes(routes, new URL(options.url, options.origin).pathname);
  if (matches?.[0]?.route !== mainLayout) {
    return Promise.resolve({ kind: 'app-shell' });
  }
  const queryClient = createQueryClient();
  return scopes.run({ queryClient, fetch: options.fetch }, () => renderInScope(options, queryClient, 'frame'));
}

async function renderInScope(
  options: RenderOptions,
  queryClient: QueryClient,
  kind: 'page' | 'frame',
): Promise<RenderResult> {
  const request = new Request(new URL(options.url, options.origin));
  const context = await (kind === 'page' ? handler : shellHandler).query(request);
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (context.status >= 300 && context.status < 400 && location) {
      return { kind: 'redirect', status: context.status, location };
    }
    return { kind: 'shell', reason: `the router answered ${context.status}` };
  }
  if (context.errors) {
    const error = Object.values(context.errors)[0] as { status?: number; message?: string } | undefined;
    return { kind: 'shell', reason: `a route failed: ${error?.status ?? ''} ${error?.message ?? String(error)}` };
  }

  const router = createStaticRouter((kind === 'page' ? handler : shellHandler).dataRoutes, context);
  let html = '';
  let head: PageHead = {};
  let renders = 0;
  const lateQueries: string[] = [];
  for (let pass = 1; ; pass++) {
    renders = pass;
    const collector = { head: {} as PageHead };
    html = renderToString(
      <PageHeadCollector.Provider value={collector}>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </PageHeadCollector.Provider>,
    );
    head = collector.head;
    const queries = queryClient.getQueryCache().getAll().filter(waiting);
    // A lazy component (the header's pop-ups) suspends the first time a process draws it, and
    // renderToString writes its fallback as an unfinished boundary (<!--$!-->), which the browser
    // reports as an error when it hydrates: its code is there a moment later, so draw it again.
    const unfinished = html.includes('<!--$!-->');
    if (queries.length === 0 && !unfinished) break;
    if (pass === MAX_RENDERS) {
      if (queries.length === 0) break;
      return { kind: 'shell', reason: 'queries still waiting after three renders' };
    }
    lateQueries.push(...queries.map((query) => query.queryHash));
    await Promise.all([
      ...queries.map((query) => query.fetch().catch(() => undefined)),
      unfinished ? new Promise((resolve) => setTimeout(resolve, 10)) : undefined,
    ]);
  }

  const failed = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status === 'error' && !isClientError(query.state.error));
  if (failed) return { kind: 'shell', reason: `a query failed: ${String(failed.state.error)}` };

  if (kind === 'frame') {
    const frameTags = headTags({ noIndex: true }, options.origin, options.url).filter(
      (tag) => tag.tag === 'title' || (tag.tag === 'meta' && ['description', 'robots'].includes(tag.attrs.name ?? '')),
    );
    return {
      kind: 'page',
      head: headHtml(frameTags),
      html,
      state: '',
      routeIds: [],
      renders,
      notFound: false,
      lateQueries,
    };
  }

  const state: ServerState = {
    queries: serialiseQueryErrors(
      dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
      }),
    ),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
  };
  return {
    kind: 'page',
    head: headHtml(headTags(head, options.origin, options.url)),
    html,
    state: `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJsonText(state)}</script>`,
    routeIds: context.matches.map((match) => match.route.id),
    renders,
    notFound: head.notFound === true,
    lateQueries,
  };
}

/** JSON safe inside a <script> element (no `</script>` or `<!--` can be formed). */
const scriptJsonText = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
