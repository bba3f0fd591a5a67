/**
 * The offline page's script (offline.html, docs/decisions/035): lists the products the shopper
 * viewed last, as the storefront stored them in this browser
 * (src/features/catalog/stores/recently-viewed.ts: zustand's persisted
 * {state: {items: ProductCard[]}, version}), and tries the page again on request. Plain
 * JavaScript without imports, like the push worker: it runs from the service worker's cache.
 */
const RECENTLY_VIEWED_KEY = 'parade.recently-viewed';

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', currencyDisplay: 'narrowSymbol' });

/** A product's page, as the storefront's paths.product builds it. */
const productHref = (shopSlug, productSlug, variationSlug) =>
  `/${encodeURIComponent(shopSlug)}/product/${encodeURIComponent(productSlug)}/${encodeURIComponent(variationSlug)}`;

const isText = (value) => typeof value === 'string' && value !== '';

/**
 * What the page lists from the stored text: {name, detail, shop, price, href, picture} for each
 * readable product, newest first as stored. Anything unreadable (no storage yet, another shape,
 * a damaged entry) is left out rather than shown half.
 */
function recentProductsFrom(storedText) {
  let items;
  try {
    items = JSON.parse(storedText ?? 'null')?.state?.items;
  } catch {
    return [];
  }
  if (!Array.isArray(items)) return [];
  const products = [];
  for (const item of items) {
    if (item === null || typeof item !== 'object') continue;
    const { variation, shop } = item;
    if (!isText(item.name) || !isText(item.slug) || !Number.isInteger(item.price)) continue;
    if (!isText(shop?.slug) || !isText(shop?.name) || !isText(variation?.slug)) continue;
    products.push({
      name: item.name,
      detail: isText(variation.name) ? variation.name : '',
      shop: shop.name,
      price: money.format(item.price / 100),
      href: productHref(shop.slug, item.slug, variation.slug),
      picture: isText(item.thumbnail) ? item.thumbnail : null,
    });
  }
  return products;
}

/** One product of the list: its picture, then its name as the link, shop, variation and price. */
function productItem(document, product) {
  const item = document.createElement('li');
  const picture = document.createElement(product.picture ? 'img' : 'span');
  picture.className = 'picture';
  if (product.picture) {
    // The name beside it says what it shows. Offline, it comes from the browser's cache or not at all.
    picture.alt = '';
    picture.width = 72;
    picture.height = 72;
    picture.addEventListener('error', () => picture.removeAttribute('src'), { once: true });
    picture.src = product.picture;
  }
  const text = document.createElement('div');
  const link = document.createElement('a');
  link.className = 'name';
  link.href = product.href;
  link.textContent = product.name;
  const detail = document.createElement('span');
  detail.className = 'detail';
  detail.textContent = product.detail ? `${product.shop} · ${product.detail}` : product.shop;
  const price = document.createElement('span');
  price.className = 'price';
  price.textContent = product.price;
  text.append(link, detail, price);
  item.append(picture, text);
  return item;
}

/** Asks the server for this address; loads it when anything answers, else says the network is still down. */
async function retry(window, status) {
  status.textContent = 'Trying again...';
  try {
    await window.fetch(window.location.href, { method: 'HEAD', cache: 'no-store' });
  } catch {
    status.textContent = 'Still offline. Check your connection and try again.';
    return;
  }
  // At offline.html itself (opened directly), the home page is what the shopper wants.
  if (window.location.pathname === '/offline.html') window.location.assign('/');
  else window.location.reload();
}

function showOfflinePage(window) {
  const { document } = window;
  let stored = null;
  try {
    stored = window.localStorage.getItem(RECENTLY_VIEWED_KEY);
  } catch {
    // Storage turned off: nothing to list.
  }
  const products = recentProductsFrom(stored);
  if (products.length > 0) {
    document.getElementById('recent-list').append(...products.map((product) => productItem(document, product)));
    document.getElementById('recent').hidden = false;
  }
  const status = document.getElementById('retry-status');
  document.getElementById('retry').addEventListener('click', () => retry(window, status));
}

if (typeof window !== 'undefined' && window.document) showOfflinePage(window);
