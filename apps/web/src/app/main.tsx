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

void boot();
