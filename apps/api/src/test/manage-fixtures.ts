import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { categories, shopStaff, shops, users } from '../maintenance/schema';
import { signUp } from './test-support';

let shopCounter = 0;

/** A shop row (active unless told), for tests. */
export async function makeShop(database: Database, values: { name?: string; isActive?: boolean } = {}) {
  shopCounter += 1;
  const name = values.name ?? `Test Shop ${shopCounter} ${Date.now()}`;
  const [shop] = await database.db
    .insert(shops)
    .values({
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      address: '1 High Street',
      postcode: 'E1 0AD',
      isActive: values.isActive ?? true,
    })
    .returning();
  if (!shop) throw new Error('no shop');
  return shop;
}

/** A signed-up account given a role (and, for a vendor, a shop of its own unless told). */
export async function signUpAs(
  app: FastifyInstance,
  database: Database,
  role: 'customer' | 'vendor' | 'admin',
  options: { shopId?: number | null } = {},
) {
  const account = await signUp(app);
  await database.db.update(users).set({ role }).where(eq(users.id, account.user.id));
  let shopId: number | null = null;
  if (role === 'vendor' && options.shopId !== null) {
    shopId = options.shopId ?? (await makeShop(database)).id;
    await database.db.insert(shopStaff).values({ shopId, userId: account.user.id, role: 'owner' });
  }
  return { ...account, shopId };
}

/** A category, for products that need one. */
export async function makeCategory(database: Database, name = `Cat ${Date.now()}`) {
  const [row] = await database.db
    .insert(categories)
    .values({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') })
    .returning();
  if (!row) throw new Error('no category');
  return row;
}
