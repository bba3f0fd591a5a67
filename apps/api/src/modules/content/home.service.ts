import type { HomeData, Slider, VendorRef } from '@parade/core/catalog-dto';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ok } from '../../lib/envelope';
import { safeImageUrl, safeLink } from '../../lib/sanitize';
import {
  catalogueStructureGeneration,
  hasListedProducts,
  homeCardRows,
  listBrandRefs,
  listCategoryTree,
  listedShops,
  readModelGeneration,
} from '../catalog';
import { listVendors } from '../shops';
import { sliders } from './content.tables';
import { contentGeneration } from './content-generation';

/** How many cards the home page shows in each row. */
export const HOME_PRODUCTS = 12;

/** Active sliders of the three types, in display order. */
export async function listSliders(db: DbOrTx): Promise<Slider[]> {
  const rows = await db
    .select()
    .from(sliders)
    .where(eq(sliders.isActive, true))
    .orderBy(asc(sliders.type), asc(sliders.position), asc(sliders.id));
  return rows.map((s) => ({
    id: s.id,
    type: s.type,
    image: safeImageUrl(s.image),
    mobile_image: s.mobileImage ? safeImageUrl(s.mobileImage) || null : null,
    title: s.title,
    caption: s.caption,
    link: safeLink(s.link),
  }));
}

// ---- The home page from kept parts (decision 036) -----------------------------------------------

/**
 * Each part of the home page is kept until what it shows may have changed, and never longer than
 * PART_MS (another API process's writes show within it, as in the reply cache):
 * - the category tree and the brands: until a taxonomy write (catalog's structure generation);
 * - the open shops: until a shop's refresh or a taxonomy write (the same generation), or until the
 *   list index names a listed shop the kept list lacks (a new shop's first product);
 * - the vendors: the open shops with a listed product, by the list index (else by SQL, kept until
 *   any catalogue write);
 * - the newest and best-selling cards: until any catalogue write (a sale, a stock or price change);
 *   one statement from the list index;
 * - the sliders: until a content write.
 * So the home page after a catalogue write costs one statement, and its reply's bytes are written
 * once per set of parts (homeReply), not once per request.
 */
const PART_MS = 10_000;

interface Part<T> {
  version: string;
  expires: number;
  value: T;
}

interface Parts {
  kept: Map<string, Part<unknown>>;
  pending: Map<string, { version: string; promise: Promise<unknown> }>;
  /** The vendors as last filtered, by the open shops' part and the list index's listed shops. */
  vendors: Part<VendorRef[]> | null;
  /** The reply's bytes as last written (UTF-8 once, not on every send), by the parts' versions. */
  reply: { versions: string; json: Buffer } | null;
}

const partsByDb = new WeakMap<object, Parts>();

function partsOf(db: DbOrTx): Parts {
  let parts = partsByDb.get(db);
  if (!parts) {
    parts = { kept: new Map(), pending: new Map(), vendors: null, reply: null };
    partsByDb.set(db, parts);
  }
  return parts;
}

/** A part as kept for `version`, or computed (once, however many requests ask meanwhile). */
async function part<T>(db: DbOrTx, name: string, version: string, compute: () => Promise<T>): Promise<Part<T>> {
  const parts = partsOf(db);
  const now = Date.now();
  const kept = parts.kept.get(name) as Part<T> | undefined;
  if (kept && kept.version === version && kept.expires > now) return kept;
  const running = parts.pending.get(name);
  if (running && running.version === version) return running.promise as Promise<Part<T>>;
  const promise = compute().then((value) => {
    const made: Part<T> = { version, expires: now + PART_MS, value };
    // Kept only while its version is still the current one (a write during the read makes it suspect).
    if (parts.pending.get(name)?.promise === promise) parts.kept.set(name, made);
    return made;
  });
  parts.pending.set(name, { version, promise });
  try {
    return await promise;
  } finally {
    if (parts.pending.get(name)?.promise === promise) parts.pending.delete(name);
  }
}

async function vendorsPart(db: DbOrTx): Promise<Part<VendorRef[]>> {
  const structure = String(catalogueStructureGeneration());
  const listed = await listedShops(db);
  if (listed === null) {
    return part(db, 'vendors-sql', `${structure}/${readModelGeneration()}`, () => listVendors(db, hasListedProducts));
  }
  let open = await part(db, 'open-shops', structure, async () => listVendors(db));
  const parts = partsOf(db);
  const version = `${open.version}@${open.expires}/${listed.key}`;
  if (parts.vendors?.version === version) return parts.vendors;
  const ids = listed.ids();
  if (ids.some((id) => !open.value.some((shop) => shop.id === id))) {
    // A listed shop the kept list lacks: opened since it was read.
    parts.kept.delete('open-shops');
    open = await part(db, 'open-shops', structure, () => listVendors(db));
  }
  const listedIds = new Set(ids);
  const vendors: Part<VendorRef[]> = {
    version: `${open.version}@${open.expires}/${listed.key}`,
    expires: open.expires,
    value: open.value.filter((shop) => listedIds.has(shop.id)),
  };
  parts.vendors = vendors;
  return vendors;
}

/** GET /home: everything the home page shows, in one reply, from its kept parts. */
async function homeParts(db: DbOrTx): Promise<{ data: HomeData; versions: string }> {
  const structure = String(catalogueStructureGeneration());
  const [tree, brands, vendors, cards, slides] = await Promise.all([
    part(db, 'tree', structure, async () => {
      const categories = await listCategoryTree(db);
      return { categories, withChildren: categories.filter((c) => c.sub_categories.length > 0) };
    }),
    part(db, 'brands', structure, () => listBrandRefs(db)),
    vendorsPart(db),
    part(db, 'cards', String(readModelGeneration()), () => homeCardRows(db, HOME_PRODUCTS)),
    part(db, 'sliders', String(contentGeneration()), () => listSliders(db)),
  ]);
  return {
    data: {
      categories: tree.value.categories,
      category_with_children: tree.value.withChildren,
      brands: brands.value,
      vendors: vendors.value,
      products: cards.value.newest,
      popular_products: cards.value.popular,
      sliders: slides.value,
    },
    // Which parts these are: the same parts make the same bytes.
    versions: [tree, brands, vendors, cards, slides].map((p) => `${p.version}@${p.expires}`).join('|'),
  };
}

/**
 * GET /home as the reply's JSON bytes, written by `write` (the route's serialiser for its schema)
 * once per set of parts and kept with them: a request the reply cache cannot answer (a write just
 * dropped it) writes the 100+ KB of the home page only when a part changed.
 */
export async function homeReply(db: DbOrTx, write: (envelope: unknown) => string): Promise<Buffer> {
  const { data, versions } = await homeParts(db);
  const parts = partsOf(db);
  if (parts.reply?.versions === versions) return parts.reply.json;
  const json = Buffer.from(write(ok(data)));
  parts.reply = { versions, json };
  return json;
}
