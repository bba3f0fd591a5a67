/**
 * `npm run seed:scale -- --products 100000`: a large, realistic catalogue for benchmarks.
 *
 * Fills the database the server would use (DATABASE_URL when set, otherwise the embedded PGlite
 * in DATA_DIR, default ./data) after running the project's migrations. An empty database first
 * gets the demo marketplace (site settings, pages, the demo shops and accounts, their pictures),
 * so the storefront and /api/home work; then come the scale shops, extra brands, products and
 * their variations, modelled on the demo products of the shop kind each scale shop copies (a
 * bakery sells bakery goods), with deterministic names, prices (pence), stock, units sold and
 * dates from a seeded PRNG. Some shops, products and variations are inactive, a few lines sold
 * out, and the demo's digital products are copied as digital ones.
 *
 * Rows go in as batched multi-row `INSERT ... SELECT FROM json_to_recordset(...)` statements
 * (one round trip per batch of products and their variations), the same on PostgreSQL and PGlite.
 * Afterwards the catalogue read model is repaired (`repairReadModel` from the catalog module,
 * when it exists) and the tables are analysed.
 *
 * Options:
 *   --products N   products to add (default 100000; variations are about 2 per product)
 *   --shops N      scale shops to add (default 200)
 *   --seed N       PRNG seed (default 2026): the same options give the same rows
 *   --batch N      products per INSERT batch (default 2000)
 *   --reset        delete earlier scale data first (otherwise a database that has it is refused)
 *   --data-dir D   PGlite folder (default DATA_DIR or ./data); ignored when DATABASE_URL is set
 *
 * Scale rows are recognised by their shops' e-mail domain (@scale.parade.test) and the brands'
 * generated slugs, so --reset removes them (products and variations by cascade) and keeps the
 * demo data and anything else.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { inArray, like, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { type Db, openDatabase } from '../src/db/client';
import { brandSubCategories, brands, categories, subCategories } from '../src/maintenance/schema';
import { seededRandom, slugify } from '../src/maintenance/seed/demo-catalog';
import { DemoFiles } from '../src/maintenance/seed/demo-files';
import { productSeeds } from '../src/maintenance/seed/demo-products';
import { shopRows, shopSeeds } from '../src/maintenance/seed/demo-shops';
import { seedDemoIfEmpty } from '../src/maintenance/seed/seed';
import { shops } from '../src/modules/shops/shops.tables';

const SCALE_EMAIL_DOMAIN = 'scale.parade.test';

const places = [
  'Dalston',
  'Hackney',
  'Bow',
  'Mile End',
  'Stepney',
  'Poplar',
  'Limehouse',
  'Wapping',
  'Shadwell',
  'Bethnal Green',
  'Hoxton',
  'Clapton',
  'Homerton',
  'Leyton',
  'Walthamstow',
  'Stratford',
  'Plaistow',
  'Canning Town',
  'Bromley-by-Bow',
  'Whitechapel',
  'Spitalfields',
  'Shoreditch',
  'Haggerston',
  'Victoria Park',
  'Hackney Wick',
  'Forest Gate',
  'Upton Park',
  'East Ham',
  'Leytonstone',
  'Stoke Newington',
];
const brandWords = [
  [
    'Northfield',
    'Ashby',
    'Fenwick',
    'Harlow',
    'Kestrel',
    'Larkrise',
    'Millbrook',
    'Oakham',
    'Pennine',
    'Quarry Hill',
    'Redcliffe',
    'Saltmarsh',
    'Thornbury',
    'Upland',
    'Wexcombe',
    'Yarrow',
    'Bramley',
    'Cotswold',
    'Dunmore',
    'Elderwick',
  ],
  ['Provisions', 'Kitchen', 'Farm', 'Larder', 'Foods', 'Works', 'Trading Co.', 'Pantry'],
];
const modifiers = [
  '',
  '',
  '',
  'Organic',
  'Value',
  'Finest',
  'Local',
  'Family',
  'Classic',
  'Hand-made',
  'Free-from',
  'Extra',
];

interface Options {
  products: number;
  shops: number;
  seed: number;
  batch: number;
  reset: boolean;
  dataDir?: string;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      products: { type: 'string', default: '100000' },
      shops: { type: 'string', default: '200' },
      seed: { type: 'string', default: '2026' },
      batch: { type: 'string', default: '2000' },
      reset: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
    },
  });
  const whole = (name: string, text: string, min: number) => {
    const n = Number(text.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number >= ${min}`);
    return n;
  };
  return {
    products: whole('products', values.products, 1),
    shops: whole('shops', values.shops, 1),
    seed: whole('seed', values.seed, 0),
    batch: whole('batch', values.batch, 1),
    reset: values.reset,
    dataDir: values['data-dir'],
  };
}

/** The generated brand names: fixed, so --reset finds them whatever options made them. */
function scaleBrandNames(): string[] {
  const names: string[] = [];
  for (const first of brandWords[0]!) for (const second of brandWords[1]!) names.push(`${first} ${second}`);
  return names;
}

/** A demo product to copy, with the demo's picture paths and digital files. */
interface Template {
  name: string;
  subSlug: string;
  brand: string;
  digital: boolean;
  description: string;
  images: string[];
  variations: { name: string; slug: string; price: number; compareAt: number | null; digitalFile: string | null }[];
}

/** Demo products grouped by the demo shop that sells them, with the same paths the demo seed writes. */
function templatesByShop(): Map<string, Template[]> {
  const files = new DemoFiles();
  const result = new Map<string, Template[]>();
  let productNumber = 0;
  for (const shop of shopSeeds) {
    const list: Template[] = [];
    for (const product of productSeeds[shop.slug] ?? []) {
      const slug = slugify(product.name);
      const images = Array.from({ length: 1 + (productNumber % 3) }, (_, n) =>
        files.image('products', `${shop.slug}-${slug}-${n + 1}`, { title: product.name }),
      );
      list.push({
        name: product.name,
        subSlug: product.sub,
        brand: slugify(product.brand),
        digital: product.digital ?? false,
        description: product.description ?? `${product.name}, as sold on the parade.`,
        images,
        variations: product.variations.map(([name, price, compareAt]) => ({
          name,
          slug: slugify(name),
          price,
          compareAt: compareAt ?? null,
          digitalFile: product.digital ? `digital/${slug}-${slugify(name)}.pdf` : null,
        })),
      });
      productNumber++;
    }
    result.set(shop.slug, list);
  }
  return result;
}

async function hasScaleData(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(like(shops.email, `%@${SCALE_EMAIL_DOMAIN}`))
    .limit(1);
  return Boolean(row);
}

async function removeScaleData(db: Db): Promise<void> {
  await db.delete(shops).where(like(shops.email, `%@${SCALE_EMAIL_DOMAIN}`));
  await db.delete(brands).where(inArray(brands.slug, scaleBrandNames().map(slugify)));
}

function round5(pence: number): number {
  return Math.max(5, Math.round(pence / 5) * 5 - 1);
}

async function seedScale(db: Db, options: Options, log: (line: string) => void = console.log): Promise<void> {
  const random = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const now = Date.now();

  // Catalogue references: the demo's categories, sub-categories and brands (by slug).
  const subRows = await db
    .select({ id: subCategories.id, slug: subCategories.slug, categoryId: subCategories.categoryId })
    .from(subCategories);
  const subBySlug = new Map(subRows.map((row) => [row.slug, row]));
  const categoryCount = (await db.select({ id: categories.id }).from(categories)).length;
  if (subRows.length === 0 || categoryCount === 0) throw new Error('No categories: the demo catalogue is missing');

  // Extra brands, each under two to four random sub-categories.
  const extraNames = scaleBrandNames();
  const extraBrands = await db
    .insert(brands)
    .values(extraNames.map((name) => ({ name, slug: slugify(name) })))
    .returning({ id: brands.id, slug: brands.slug });
  const links: { brandId: number; subCategoryId: number }[] = [];
  for (const brand of extraBrands) {
    const chosen = new Set<number>();
    const count = 2 + Math.floor(random() * 3);
    while (chosen.size < count) chosen.add(pick(subRows).id);
    for (const subCategoryId of chosen) links.push({ brandId: brand.id, subCategoryId });
  }
  await db.insert(brandSubCategories).values(links).onConflictDoNothing();
  const brandRows = await db
    .select({ brandId: brandSubCategories.brandId, subCategoryId: brandSubCategories.subCategoryId, slug: brands.slug })
    .from(brandSubCategories)
    .innerJoin(brands, sql`${brands.id} = ${brandSubCategories.brandId}`);
  const brandsBySub = new Map<number, number[]>();
  const brandIdBySlug = new Map<string, number>();
  for (const row of brandRows) {
    brandsBySub.set(row.subCategoryId, [...(brandsBySub.get(row.subCategoryId) ?? []), row.brandId]);
    brandIdBySlug.set(row.slug, row.brandId);
  }

  // Shops: each copies a demo shop's kind, look and stock list, in another part of East London.
  const demoShops = shopRows(new DemoFiles());
  const templates = templatesByShop();
  const shopPlans = Array.from({ length: options.shops }, (_, i) => {
    const model = demoShops[i % demoShops.length]!;
    const kind = model.name.split(' ').slice(-1)[0]!;
    const place = places[Math.floor(i / demoShops.length) % places.length]!;
    const name = `${place} ${kind} ${i + 1}`;
    return {
      model: model.slug,
      row: {
        ...model,
        name,
        slug: slugify(name),
        tagline: model.tagline,
        email: `shop${i + 1}@${SCALE_EMAIL_DOMAIN}`,
        latitude: (model.latitude ?? 51.52) + (random() - 0.5) * 0.04,
        longitude: (model.longitude ?? -0.06) + (random() - 0.5) * 0.06,
        // Two in a hundred shops are suspended; one in twenty is featured.
        isActive: i % 50 !== 49,
        isFeatured: i % 20 === 3,
      },
    };
  });
  const shopIds = await db
    .insert(shops)
    .values(shopPlans.map((plan) => plan.row))
    .returning({ id: shops.id, slug: shops.slug });
  const shopIdBySlug = new Map(shopIds.map((row) => [row.slug, row.id]));
  // Some shops are much bigger than others: product i goes to shop floor(n * r^1.6).
  const shopOf = () => shopPlans[Math.floor(options.shops * random() ** 1.6)]!;

  log(
    `Adding ${options.products.toLocaleString('en-GB')} products in ${options.shops} shops (${extraBrands.length} extra brands)`,
  );
  const bar = new SingleBar({
    format: 'products [{bar}] {percentage}% | {value}/{total} | {rate}/s | ETA {eta_formatted}',
    hideCursor: true,
    // Without a terminal (CI, a log file) print a line every 5 s instead of redrawing.
    noTTYOutput: true,
    notTTYSchedule: 5000,
  });
  bar.start(options.products, 0, { rate: 0 });
  const started = performance.now();
  let variationCount = 0;
  for (let from = 0; from < options.products; from += options.batch) {
    const to = Math.min(options.products, from + options.batch);
    const productBatch: Record<string, unknown>[] = [];
    const variationBatch: Record<string, unknown>[] = [];
    for (let i = from; i < to; i++) {
      const plan = shopOf();
      const shopId = shopIdBySlug.get(plan.row.slug)!;
      const template = pick(templates.get(plan.model)!);
      const sub = subBySlug.get(template.subSlug);
      const subBrands = sub ? (brandsBySub.get(sub.id) ?? []) : [];
      const brandId =
        random() < 0.5 ? (brandIdBySlug.get(template.brand) ?? null) : subBrands.length ? pick(subBrands) : null;
      const modifier = pick(modifiers);
      const name = modifier ? `${modifier} ${template.name}` : template.name;
      const slug = `${slugify(name)}-${(i + 1).toString(36)}`;
      const created = new Date(now - Math.floor(random() * 365 * 86_400_000)).toISOString();
      productBatch.push({
        shop_id: shopId,
        category_id: sub?.categoryId ?? null,
        sub_category_id: sub?.id ?? null,
        brand_id: brandId,
        name,
        slug,
        type: template.digital ? 'Digital' : 'Physical',
        description: template.description,
        is_active: random() >= 0.03,
        is_featured: random() < 0.01,
        created_at: created,
      });
      const priceFactor = 0.6 + random() * 0.9;
      const popularity = random();
      template.variations.slice(0, 3).forEach((variation, position) => {
        const price = round5(variation.price * priceFactor);
        variationBatch.push({
          shop_id: shopId,
          product_slug: slug,
          name: variation.name,
          slug: variation.slug,
          full_name: `${name} ${variation.name}`,
          sku: `SC-${(i + 1).toString(36).toUpperCase()}-${position + 1}`,
          price,
          compare_at_price:
            variation.compareAt === null ? null : Math.max(price + 5, round5(variation.compareAt * priceFactor)),
          stock: template.digital ? null : random() < 0.05 ? 0 : 1 + Math.floor(random() * 200),
          images: JSON.stringify(
            template.images.map((_, n) => template.images[(n + position) % template.images.length]),
          ),
          units_sold: Math.floor(popularity * popularity * popularity * 2000),
          digital_file: variation.digitalFile,
          position,
          is_active: random() >= 0.04,
          created_at: created,
        });
      });
    }
    await insertBatch(db, productBatch, variationBatch);
    variationCount += variationBatch.length;
    const seconds = (performance.now() - started) / 1000;
    bar.update(to, { rate: Math.round(to / seconds) });
  }
  bar.stop();
  log(
    `Inserted ${options.products.toLocaleString('en-GB')} products and ${variationCount.toLocaleString('en-GB')} variations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** One round trip: the batch's products, then their variations joined to the new product ids. */
async function insertBatch(db: Db, productBatch: unknown[], variationBatch: unknown[]): Promise<void> {
  await db.execute(sql`
    with new_products as (
      insert into products (shop_id, category_id, sub_category_id, brand_id, name, slug, type, description,
                            is_active, is_featured, created_at, updated_at)
      select shop_id, category_id, sub_category_id, brand_id, name, slug, type::product_type, description,
             is_active, is_featured, created_at, created_at
      from json_to_recordset(${JSON.stringify(productBatch)}::json) as x(
        shop_id int, category_id int, sub_category_id int, brand_id int, name text, slug text, type text,
        description text, is_active boolean, is_featured boolean, created_at timestamptz)
      returning id, shop_id, slug
    )
    insert into product_variations (product_id, name, slug, full_name, sku, price, compare_at_price, stock, images,
                                    units_sold, digital_file, position, is_active, created_at, updated_at)
    select p.id, v.name, v.slug, v.full_name, v.sku, v.price, v.compare_at_price, v.stock, v.images::jsonb,
           v.units_sold, v.digital_file, v.position, v.is_active, v.created_at, v.created_at
    from json_to_recordset(${JSON.stringify(variationBatch)}::json) as v(
      shop_id int, product_slug text, name text, slug text, full_name text, sku text, price int,
      compare_at_price int, stock int, images text, units_sold int, digital_file text, position int,
      is_active boolean, created_at timestamptz)
    join new_products p on p.shop_id = v.shop_id and p.slug = v.product_slug
  `);
}

/** The read model's repair, when the catalog module has one (issue 9): recompute stored card fields. */
async function repairCatalogReadModel(db: Db, log: (line: string) => void): Promise<void> {
  const catalog = (await import('../src/modules/catalog/index')) as Record<string, unknown>;
  const repair = catalog.repairReadModel;
  if (typeof repair !== 'function') {
    log('No repairReadModel in the catalog module yet: read-model columns (if any) were not recomputed.');
    return;
  }
  const started = performance.now();
  await (repair as (db: Db) => Promise<unknown>)(db);
  log(`Read model repaired in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function analyse(db: Db): Promise<void> {
  const started = performance.now();
  await db.execute(sql`analyze`);
  console.log(`Analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  // npm runs workspace scripts in apps/api: a relative DATA_DIR means the folder npm was run from.
  const dataDir = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    options.dataDir ?? process.env.DATA_DIR ?? 'data',
  );
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  // Only the database and DATA_DIR matter here; GEOCODER is irrelevant to seeding.
  const config = loadConfig({ ...env, NODE_ENV: 'development', GEOCODER: env.GEOCODER || 'demo' });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const total = performance.now();
  try {
    console.log(`Scale seed into ${where}: migrating`);
    await database.migrate();
    if (await hasScaleData(database.db)) {
      if (!options.reset) {
        console.error('This database already has scale data. Run again with --reset to replace it.');
        process.exitCode = 1;
        return;
      }
      console.log('Removing the earlier scale data (--reset)');
      await removeScaleData(database.db);
    }
    const demo = await seedDemoIfEmpty(database.db, config);
    if (demo) console.log('The database was empty: demo marketplace seeded first (README lists its accounts)');
    await seedScale(database.db, options);
    // Statistics first: without them the planner picks nested loops for the repair's set-based
    // UPDATE over fresh bulk-loaded tables (over 10 minutes instead of about one at 100,000).
    await analyse(database.db);
    await repairCatalogReadModel(database.db, console.log);
    await analyse(database.db);
    console.log(`Scale seed done in ${((performance.now() - total) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

await main();
