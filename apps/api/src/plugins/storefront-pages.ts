import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isServerRenderedPath } from '@parade/core/storefront-routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { concurrencyLimit } from '../lib/concurrency-limit';

/** Server renders in progress at once (the rest queue): enough to keep the CPU busy while one waits for its data. */
const RENDERS_AT_ONCE = 4;

/** The server entry's interface (apps/web/src/app/entry-server.tsx), as far as the API uses it. */
interface StorefrontRenderer {
  render: Render;
  /** The header and footer of a page the browser draws itself (entry-server.tsx); `shell` for the slim layout's. */
  renderShell?: Render;
}

type Render = (options: {
  url: string;
  origin: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}) => Promise<
  | {
      kind: 'page';
      head: string;
      html: string;
      state: string;
      routeIds: string[];
      renders: number;
      notFound: boolean;
    }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'shell'; reason: string }
  | { kind: 'app-shell' }
>;

/** Vite's build manifest: each entry or dynamically imported module's chunk, its static imports and CSS. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The storefront's build, as read at start-up: the page template and what links each route's code. */
interface Build {
  template: string;
  renderer: StorefrontRenderer | null;
  /** The route ids' stylesheet links and the meta tag that names their chunks (and the starter's). */
  routeLinks: (routeIds: string[]) => string;
}

/** Replaces one marked stretch of the template (markers included); a function, so `$` in page text stays as it is. */
const between = (html: string, start: string, end: string, content: string) => {
  const from = html.indexOf(start);
  const to = html.indexOf(end, from);
  if (from < 0 || to < 0) return html;
  return html.slice(0, from) + content + html.slice(to + end.length);
};

/**
 * What a page needs beyond the entry's: for each matched route's module (its id is its path under
 * src/app, apps/web/src/app/router.tsx), the chunk it was built into, that chunk's static imports,
 * and their CSS; and the same for the modules that start the app in the browser (runtime.ts and
 * start.tsx, which the entry imports once the page has loaded, decision 040). The stylesheets are linked in the
 * head: without them the server's HTML would paint unstyled. The chunks are named in a meta tag
 * that the entry turns into preloads once the page has loaded: linked in the head they would be
 * fetched at once, sharing a phone's slow connection with the page's stylesheets and pictures.
 */
function linksFrom(webRoot: string, template: string): Build['routeLinks'] {
  const read = <T>(file: string): T | null => {
    const full = path.join(webRoot, '.vite', file);
    return existsSync(full) ? (JSON.parse(readFileSync(full, 'utf8')) as T) : null;
  };
  const manifest = read<Manifest>('manifest.json') ?? {};
  const moduleChunks = read<Record<string, string>>('module-chunks.json') ?? {};
  const byFile = new Map(Object.values(manifest).map((entry) => [entry.file, entry]));
  const cache = new Map<string, { css: string[]; code: string[] }>();
  // The entry's own chunks and CSS are in the template already.
  const fresh = (file: string) => !template.includes(`/${file}"`);

  const filesOf = (chunk: string | undefined) => {
    const files = new Set<string>();
    const css = new Set<string>();
    const visit = (file: string) => {
      if (files.has(file)) return;
      files.add(file);
      const entry = byFile.get(file);
      for (const sheet of entry?.css ?? []) css.add(sheet);
      for (const key of entry?.imports ?? []) {
        const imported = manifest[key];
        if (imported) visit(imported.file);
      }
    };
    if (chunk) visit(chunk);
    return { css: [...css].filter(fresh), code: [...files].filter(fresh) };
  };
  const chunkOf = (id: string) => moduleChunks[`src/app/${id}.tsx`] ?? moduleChunks[`src/app/${id}.ts`];
  // The modules the entry imports once the page has loaded: the runtime, then the app's start.
  const starters = ['runtime', 'start'].map((id) => filesOf(chunkOf(id)));
  const starter = { css: starters.flatMap((s) => s.css), code: starters.flatMap((s) => s.code) };

  return (routeIds) => {
    const css = new Set(starter.css);
    const code = new Set(starter.code);
    for (const id of routeIds) {
      let own = cache.get(id);
      if (own === undefined) {
        own = filesOf(chunkOf(id));
        cache.set(id, own);
      }
      for (const file of own.css) css.add(file);
      for (const file of own.code) code.add(file);
    }
    const sheets = [...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
    const chunks = [...code].map((file) => `/${file}`).join(' ');
    return `${sheets}<meta name="parade-page-code" content="${chunks}">`;
  };
}

async function loadBuild(webRoot: string, log: FastifyInstance['log']): Promise<Build | null> {
  const templateFile = path.join(webRoot, 'index.html');
  if (!existsSync(templateFile)) return null;
  const template = readFileSync(templateFile, 'utf8');
  const entry = path.join(webRoot, '..', 'dist-server', 'entry-server.js');
  let renderer: StorefrontRenderer | null = null;
  if (existsSync(entry)) {
    renderer = (await import(pathToFileURL(entry).href)) as StorefrontRenderer;
  } else {
    log.warn({ entry }, 'the storefront has no server build: pages are sent as the app shell');
  }
  return { template, renderer, routeLinks: linksFrom(webRoot, template) };
}

/** Headers of an in-process reply, as a fetch Response carries them. */
function toHeaders(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return headers;
}

/**
 * The storefront's pages (issue 25, decision 038). A public page (home, products, a product, the
 * shops, a shop's tabs, the blog, pages, deals, and the Not Found page) is rendered here with
 * its data (apps/web's server entry), with its head for search engines and link previews, and
 * with the status the page's URL deserves (storefront-status.ts). The rendered HTML is the same
 * for every visitor (it is drawn as a guest sees it), so it is kept in the reply cache like the
 * API's public reads and dropped with them on any catalogue or content write. A shopper's own
 * pages, the cart and checkout get their frame (header and footer, "Loading your page..."), which
 * the browser fills; the sign-in screens get the app's shell, as does any page when the server
 * build is missing or a render fails. The merchant site, API paths and files go to the
 * not-found handler (errors.ts), which serves them as before.
 */
export const storefrontPagesPlugin = fp(
  async (app: FastifyInstance, opts: { webRoot: string }) => {
    if (!app.hasDecorator('spaFor')) return;
    const build = await loadBuild(opts.webRoot, app.log);
    if (!build) return;
    const { template, renderer } = build;
    // Renders one at a time per few: each is ~16 ms of this thread's CPU, so more at once only
    // holds more pages' data and HTML in memory (50 in flight set the bench's peak RSS) and more
    // database connections waiting (requests past the pool's 2 s got the shell). Queued requests
    // wait their turn in order; the reply cache answers repeats without queueing.
    const renderSlot = concurrencyLimit(RENDERS_AT_ONCE);

    /** Calls the API in process, through its whole request pipeline, as the visitor (their address, no token). */
    const fetchFor = (request: FastifyRequest) => async (url: string, init: RequestInit) => {
      const res = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: { ...(init.headers as Record<string, string>), 'accept-encoding': 'identity' },
        payload: typeof init.body === 'string' ? init.body : undefined,
        remoteAddress: request.ip,
      });
      const empty = res.statusCode === 204 || res.statusCode === 304;
      return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: toHeaders(res.headers) });
    };

    const sendShell = (reply: FastifyReply, status: number) =>
      reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(template);
    /**
     * The shell instead of a page that could not be drawn (a render that failed, or whose data
     * waited too long for a connection): the browser fills it, but it is never kept in the reply
     * cache, so the next visitor and search engines get the page once the server can draw it.
     */
    const sendShellForNow = (reply: FastifyReply, status: number) =>
      reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(template);

    app.get(
      '/*',
      { config: { publicCache: true }, schema: { hide: true } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const spa = app.spaFor(request);
        if (spa?.name !== 'web') return reply.callNotFound();
        const [urlPath = '/', query] = request.url.split('?');
        // One address per page: `/products/` is `/products` (its canonical URL has no slash).
        if (urlPath.length > 1 && urlPath.endsWith('/')) {
          const bare = urlPath.replace(/\/+$/, '') || '/';
          return reply.redirect(query === undefined ? bare : `${bare}?${query}`, 301);
        }
        const status = await app.storefrontPageStatus(urlPath, new URLSearchParams(query ?? ''));
        // A shopper's own pages, the cart and checkout: their frame (header, footer), which the browser fills.
        const draw = isServerRenderedPath(urlPath) ? renderer?.render : renderer?.renderShell;
        if (!draw) return sendShell(reply, status);

        let result: Awaited<ReturnType<Render>>;
        const started = performance.now();
        try {
          result = await renderSlot(() =>
            draw({ url: request.url, origin: app.config.publicUrl, fetch: fetchFor(request) }),
          );
        } catch (error) {
          request.log.error({ err: error, url: request.url }, 'the storefront page failed to render: sent the shell');
          return sendShellForNow(reply, status);
        }
        if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
        // A sign-in screen: the app's shell is its page (kept in the reply cache like one).
        if (result.kind === 'app-shell') return sendShell(reply, status);
        if (result.kind === 'shell') {
          request.log.warn(
            { url: request.url, reason: result.reason },
            'the storefront page was not rendered: sent the shell',
          );
          return sendShellForNow(reply, status);
        }
        let html = between(template, '<!-- page-head', '<!-- /page-head -->', result.head);
        html = between(html, '<!-- page-html -->', '<!-- /page-html -->', result.html);
        html = between(html, '<!-- page-state -->', '<!-- page-state -->', result.state);
        html = between(html, '</head>', '</head>', `${build.routeLinks(result.routeIds)}</head>`);
        // For whoever looks at the network panel: what the page cost to draw (a cached copy has none).
        const took = (performance.now() - started).toFixed(1);
        reply.header('server-timing', `render;dur=${took};desc="${result.renders} render(s)"`);
        // A page the app drew as "nothing here" for its query (a list's page past its last) is 404 too.
        return reply
          .status(result.notFound ? 404 : status)
          .type('text/html; charset=utf-8')
          .send(html);
      },
    );
  },
  { name: 'storefront-pages', dependencies: ['static-apps', 'storefront-status', 'public-cache'] },
);
