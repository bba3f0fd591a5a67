import { yieldToBrowser } from '@/lib/yield-to-browser';
import './styles';

/**
 * The storefront's entry, kept to a few hundred bytes (decision 040). A page the server rendered
 * is on screen, styled, before any of its code runs: its code is fetched once the page has loaded
 * (its stylesheets and the pictures it shows first), so that on a phone's slow connection the
 * page's main picture does not share the line with 150 KB of JavaScript; then all at once, the
 * route's chunks side by side (the server lists them in a meta tag). Its links work meanwhile
 * (they are links), and a page whose pictures are slow to come is taken over after at most
 * MAX_WAIT_MS all the same. A page the server did not render (a shopper's own pages, sign-in) has
 * nothing to show without its code, which is fetched straight away.
 */
const serverRendered = document.getElementById('parade-state') !== null;
const MAX_WAIT_MS = 3000;

function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    window.addEventListener('load', () => resolve(), { once: true });
    setTimeout(resolve, MAX_WAIT_MS);
  });
}

/** Preloads the chunks the server named for this page, so that they download in parallel, not one import after another. */
function preloadPageCode() {
  const list = document.querySelector<HTMLMetaElement>('meta[name="parade-page-code"]')?.content ?? '';
  const links = document.createDocumentFragment();
  for (const href of list.split(' ')) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
}

/**
 * A chunk that is no longer on the server: the site was updated while this page was open (or
 * its HTML was an older copy), and the old build's files went with it. Loading the page again
 * takes the new build; once in a while at most, so a chunk that fails for another reason (the
 * connection) cannot reload the page in a loop. Returns whether it reloads.
 */
const RELOADED_AT_KEY = 'parade:reloaded-for-new-build';
const RELOAD_AT_MOST_EVERY_MS = 30_000;

function reloadForNewBuild(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < RELOAD_AT_MOST_EVERY_MS) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    return false; // No session storage: no way to tell a loop apart, so no reload.
  }
  window.location.reload();
  return true;
}

/**
 * The app's code could not be fetched even after a reload. A page the server drew stays as it is
 * (its links work without the code); the loading screen of one it did not says so and offers
 * to try again, instead of "Loading Parade..." for ever.
 */
function sayTheAppDidNotLoad() {
  // The splash of the app's shell, or the "Loading your page..." of a page's frame (PagePending).
  const loading = document.querySelector<HTMLElement>('#root [data-boot-status]');
  if (!loading) return;
  // The page's frame is not waiting for the app any more (browser tests wait while it is).
  loading.removeAttribute('data-page-pending');
  loading.setAttribute('role', 'alert');
  loading.setAttribute('data-testid', 'app-load-failed');
  const text = document.createElement('p');
  text.textContent = 'Parade could not load. Please check your connection and try again.';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = 'Try again';
  retry.style.cssText =
    'font:inherit;padding:0.5rem 1.25rem;border-radius:0.5rem;border:1px solid currentColor;background:#fff;color:inherit;cursor:pointer';
  retry.addEventListener('click', () => window.location.reload());
  const box = document.createElement('div');
  box.style.cssText = 'display:grid;gap:1rem;justify-items:center;text-align:center;padding:1rem';
  box.append(text, retry);
  loading.replaceChildren(box);
}

// A screen's chunk that fails to load later (route-error.tsx reports it as Vite does).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForNewBuild()) event.preventDefault();
});

async function boot() {
  if (serverRendered) {
    await pageLoaded();
    preloadPageCode();
    await import('./runtime');
    await yieldToBrowser();
  }
  const { startStorefront } = await import('./start');
  startStorefront();
}

boot().catch(() => {
  if (!reloadForNewBuild()) sayTheAppDidNotLoad();
});
