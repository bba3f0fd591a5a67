import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { shops } from './shops.tables';

export interface CheckoutShop {
  id: number;
  name: string;
  slug: string;
  email: string | null;
  /** Active, not suspended: a suspended shop takes no orders. */
  isOpen: boolean;
  /** On holiday: takes no new orders, and says why in its message. */
  onHoliday: boolean;
  holidayMessage: string | null;
  pointsPerPound: number;
  /** Percent of a new order the platform keeps; null = the setting `commission_rate`. */
  commissionRate: number | null;
  /** Set when the shop is VAT-registered: copied onto its new orders (their invoices show VAT). */
  vatNumber: string | null;
}

/** What checkout and order changes need of the given shops: name, e-mail, open or not, points per pound. */
export async function shopsForOrders(db: DbOrTx, ids: number[]): Promise<Map<number, CheckoutShop>> {
  if (ids.length === 0) return new Map();
  // Prepared (one array parameter): every checkout asks it.
  const rows = await preparedOn(db, 'shops_for_orders', () => shopsForOrdersQuery(db)).execute({
    ids: [...new Set(ids)],
  });
  return new Map(rows.map((r) => [r.id, r]));
}

function shopsForOrdersQuery(db: DbOrTx) {
  return db
    .select({
      id: shops.id,
      name: shops.name,
      slug: shops.slug,
      email: shops.email,
      isOpen: shops.isActive,
      onHoliday: shops.holidayMode,
      holidayMessage: shops.holidayMessage,
      pointsPerPound: shops.pointsPerPound,
      commissionRate: shops.commissionRate,
      vatNumber: shops.vatNumber,
    })
    .from(shops)
    .where(sql`${shops.id} = any(${sql.placeholder('ids')}::int[])`);
}
