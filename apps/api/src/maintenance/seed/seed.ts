import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { ObjectStore } from '../../lib/storage/object-store';
import { openObjectStore } from '../../lib/storage/storage';
import { addresses } from '../../modules/addresses/addresses.tables';
import { coupons, rewardPointBalances, rewardPointEntries } from '../../modules/cart/cart.tables';
import { refreshProductListings } from '../../modules/catalog';
import {
  brandSubCategories,
  brands,
  categories,
  products,
  productVariations,
  subCategories,
} from '../../modules/catalog/catalog.tables';
import {
  blogCategories,
  blogPosts,
  deals,
  pageSettings,
  pages,
  siteSettings,
  sliders,
} from '../../modules/content/content.tables';
import { offers } from '../../modules/offers/offers.tables';
import { shops } from '../../modules/shops/shops.tables';
import { supportTickets, ticketMessages } from '../../modules/tickets/tickets.tables';
import { shopStaff, users } from '../../modules/users/users.tables';
import { buildCatalog } from './demo-catalog';
import { seedDemoClaims } from './demo-claims';
import { blogCategorySeeds, blogPostRows, dealRows, pageSeeds, siteSettingRows, sliderRows } from './demo-content';
import { DemoFiles } from './demo-files';
import { demoDigitalPurchase, seedDemoDigitalOrder } from './demo-orders';
import { couponRows, offerRows, platformCouponRows } from './demo-promotions';
import { seedDemoReviews } from './demo-reviews';
import { shopRows } from './demo-shops';
import { demoTickets, hoursBefore } from './demo-tickets';
import {
  type DemoAccount,
  demoAccounts,
  demoAdmin,
  demoCustomer,
  demoCustomerAddress,
  demoCustomerPoints,
  demoUserRows,
  vendorEmail,
} from './demo-users';

export type { DemoAccount } from './demo-users';
export { demoPasswords } from './demo-users';

/** Any fixed number: serialises two processes that boot on the same empty database. */
const SEED_LOCK_KEY = 7_160_523;

/** Empty = no shops and no site settings; anything else is somebody's data and is left alone. */
async function isEmpty(db: DbOrTx): Promise<boolean> {
  const [anyShop] = await db.select({ id: shops.id }).from(shops).limit(1);
  if (anyShop) return false;
  const [anySetting] = await db.select({ key: siteSettings.key }).from(siteSettings).limit(1);
  return !anySetting;
}

/** Map each returned row's key to its id, e.g. slug -> id. */
function idsBy<T extends { id: number }>(rows: T[], key: (row: T) => string): Map<string, number> {
  return new Map(rows.map((row) => [key(row), row.id]));
}

function lookup(ids: Map<string, number>, key: string, what: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Demo seed: unknown ${what} '${key}'`);
  return id;
}

/**
 * Load the demo marketplace (shops, catalogue, content, promotions, accounts, support tickets) into an empty
 * database, in one transaction, and write its pictures and digital files into the object store
 * (DATA_DIR on local disk, or STORAGE_URL's bucket; `store` when the caller has one open).
 * Returns the demo accounts, or null when the database already holds data.
 */
export async function seedDemoIfEmpty(
  db: Db,
  config: Config,
  store?: ObjectStore,
): Promise<{ accounts: DemoAccount[] } | null> {
  if (!(await isEmpty(db))) return null;

  const now = new Date();
  const files = new DemoFiles();
  const userRows = await demoUserRows(config.passwordHashCost);

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return false;

    // Shops
    const shopIds = idsBy(
      await tx.insert(shops).values(shopRows(files)).returning({ id: shops.id, slug: shops.slug }),
      (r) => r.slug,
    );
    const shopSlugById = new Map([...shopIds].map(([slug, id]) => [id, slug]));

    // Catalogue: categories -> sub-categories -> brands, then products and their variations
    const catalog = buildCatalog(files, now);
    const categoryIds = idsBy(
      await tx.insert(categories).values(catalog.categories).returning({ id: categories.id, slug: categories.slug }),
      (r) => r.slug,
    );
    const subCategoryIds = idsBy(
      await tx
        .insert(subCategories)
        .values(
          catalog.subCategories.map(({ categorySlug, ...sub }) => ({
            ...sub,
            categoryId: lookup(categoryIds, categorySlug, 'category'),
          })),
        )
        .returning({ id: subCategories.id, slug: subCategories.slug }),
      (r) => r.slug,
    );
    const brandIds = idsBy(
      await tx.insert(brands).values(catalog.brands).returning({ id: brands.id, slug: brands.slug }),
      (r) => r.slug,
    );
    await tx.insert(brandSubCategories).values(
      catalog.brandLinks.map((link) => ({
        brandId: lookup(brandIds, link.brandSlug, 'brand'),
        subCategoryId: lookup(subCategoryIds, link.subCategorySlug, 'sub-category'),
      })),
    );
    const productIds = idsBy(
      await tx
        .insert(products)
        .values(
          catalog.products.map(({ shopSlug, categorySlug, subCategorySlug, brandSlug, ...product }) => ({
            ...product,
            shopId: lookup(shopIds, shopSlug, 'shop'),
            categoryId: lookup(categoryIds, categorySlug, 'category'),
            subCategoryId: lookup(subCategoryIds, subCategorySlug, 'sub-category'),
            brandId: lookup(brandIds, brandSlug, 'brand'),
          })),
        )
        .returning({ id: products.id, shopId: products.shopId, slug: products.slug }),
      (r) => `${shopSlugById.get(r.shopId)}/${r.slug}`,
    );
    await tx.insert(productVariations).values(
      catalog.variations.map(({ productKey, ...variation }) => ({
        ...variation,
        productId: lookup(productIds, productKey, 'product'),
      })),
    );

    // The catalogue read model (cards, listable flags, search text) of everything just inserted
    await refreshProductListings(tx, 'all');

    // Site settings, pages, sliders, blog and platform deals
    await tx.insert(siteSettings).values(siteSettingRows(files));
    const pagePlan = pageSeeds(files);
    const pageIds = idsBy(
      await tx
        .insert(pages)
        .values(pagePlan.map(({ slug, title, inFooter }) => ({ slug, title, inFooter: inFooter ?? false })))
        .returning({ id: pages.id, slug: pages.slug }),
      (r) => r.slug,
    );
    await tx.insert(pageSettings).values(
      pagePlan.flatMap((page) =>
        page.settings.map((setting, position) => ({
          ...setting,
          pageId: lookup(pageIds, page.slug, 'page'),
          position,
        })),
      ),
    );
    await tx.insert(sliders).values(sliderRows(files));
    const blogCategoryIds = idsBy(
      await tx
        .insert(blogCategories)
        .values(blogCategorySeeds)
        .returning({ id: blogCategories.id, slug: blogCategories.slug }),
      (r) => r.slug,
    );
    await tx.insert(blogPosts).values(blogPostRows(files, now, blogCategoryIds));
    await tx.insert(deals).values(dealRows(files, now, shopIds));

    // Shop and platform promotions
    await tx.insert(coupons).values(couponRows(now, shopIds, productIds));
    await tx.insert(coupons).values(platformCouponRows(now, categoryIds, subCategoryIds));
    const offerIds = idsBy(
      await tx
        .insert(offers)
        .values(offerRows(files, now, shopIds))
        .returning({ id: offers.id, title: offers.title }),
      (r) => r.title,
    );

    // Accounts: the customer (with an address and reward points), a vendor per shop, the admin
    const userIds = idsBy(
      await tx.insert(users).values(userRows).returning({ id: users.id, email: users.email }),
      (r) => r.email,
    );
    await tx.insert(shopStaff).values(
      [...shopIds].map(([slug, shopId]) => ({
        shopId,
        userId: lookup(userIds, vendorEmail(slug), 'vendor'),
        role: 'owner' as const,
      })),
    );
    const customerId = lookup(userIds, demoCustomer.email, 'customer');
    await tx.insert(addresses).values({ ...demoCustomerAddress, userId: customerId });
    const points = Object.entries(demoCustomerPoints).map(([slug, amount]) => ({
      userId: customerId,
      shopId: lookup(shopIds, slug, 'shop'),
      points: amount,
    }));
    await tx.insert(rewardPointBalances).values(points);
    await tx.insert(rewardPointEntries).values(points.map((row) => ({ ...row, reason: 'adjustment' as const })));
    // The customer's offer claims, one in every status (demo-claims.ts)
    await seedDemoClaims(tx, { customerId, offerIds, now });

    // The customer's paid e-book order, so the demo has a digital product to download (demo-orders.ts)
    await seedDemoDigitalOrder(tx, {
      customerId,
      shopId: lookup(shopIds, demoDigitalPurchase.shopSlug, 'shop'),
      address: {
        name: demoCustomerAddress.name,
        phone: demoCustomerAddress.phone,
        line1: demoCustomerAddress.line1,
        line2: demoCustomerAddress.line2,
        city: demoCustomerAddress.city,
        postcode: demoCustomerAddress.postcode,
      },
      now,
    });

    // Neighbours' reviews of a third of the products, some answered, and the customer's favourites (demo-reviews.ts)
    await seedDemoReviews(tx, { customerId, now });

    // The customer's support tickets, for the platform's queue
    const adminId = lookup(userIds, demoAdmin.email, 'admin');
    for (const ticket of demoTickets) {
      const opened = hoursBefore(now, ticket.messages[0]?.hoursAgo ?? 0);
      const touched = hoursBefore(now, ticket.messages.at(-1)?.hoursAgo ?? 0);
      const [row] = await tx
        .insert(supportTickets)
        .values({
          userId: customerId,
          subject: ticket.subject,
          status: ticket.status,
          createdAt: opened,
          updatedAt: touched,
        })
        .returning({ id: supportTickets.id });
      if (!row) throw new Error('Demo seed: a ticket insert returned no row');
      await tx.insert(ticketMessages).values(
        ticket.messages.map((message) => ({
          ticketId: row.id,
          author: message.author,
          userId: message.author === 'customer' ? customerId : adminId,
          body: message.body,
          createdAt: hoursBefore(now, message.hoursAgo),
        })),
      );
    }
    return true;
  });
  if (!seeded) return null;

  const target = store ?? openObjectStore(config.storage, config.dataDir);
  try {
    await files.writeAll(target);
  } finally {
    if (!store) target.close();
  }
  return { accounts: demoAccounts() };
}
