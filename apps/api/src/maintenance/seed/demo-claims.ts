import { CLAIM_LIFETIME_DAYS } from '@parade/core/offer-schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rewardPointBalances, rewardPointEntries } from '../../modules/cart/cart.tables';
import { offerClaims, offers } from '../../modules/offers/offers.tables';
import { daysFrom } from './demo-content';

/**
 * The demo customer's offer claims, one in every status (spec section 4), on the seeded offers
 * (demo-promotions.ts): pending, confirmed (with the shop's note), used (via the shop's QR code,
 * on the full "free loaf" offer, with its points in the ledger and the balance), cancelled, and
 * one on the ended summer offer that reads `expired`. Each offer's `claims_count` is its
 * claims that are not cancelled, as the claim workflows keep it.
 */
interface ClaimSeed {
  offer: string;
  status: 'pending' | 'confirmed' | 'used' | 'cancelled';
  code: string;
  /** Days before now the claim was made. */
  madeDaysAgo: number;
  viaQr?: boolean;
  vendorNotes?: string;
  discountApplied?: number;
}

const claimSeeds: ClaimSeed[] = [
  { offer: 'Cheese board for two', status: 'pending', code: 'PRD-DEMO-PEND', madeDaysAgo: 1 },
  {
    offer: 'Coffee beans: £2 off 1kg',
    status: 'confirmed',
    code: 'PRD-DEMO-CONF',
    madeDaysAgo: 2,
    vendorNotes: 'Ask for Maria at the counter; we will grind them while you wait.',
  },
  {
    offer: 'Sourdough launch: free loaf',
    status: 'used',
    code: 'PRD-DEMO-USED',
    madeDaysAgo: 4,
    viaQr: true,
    discountApplied: 350,
  },
  { offer: '£1 off baby care', status: 'cancelled', code: 'PRD-DEMO-CANC', madeDaysAgo: 3 },
  // Stored pending, made before the offer ended: it reads `expired` everywhere.
  { offer: 'Summer sun cream: 25% off', status: 'pending', code: 'PRD-DEMO-EXPD', madeDaysAgo: 12 },
];

export async function seedDemoClaims(
  tx: Tx,
  input: { customerId: number; offerIds: Map<string, number>; now: Date },
): Promise<void> {
  for (const seed of claimSeeds) {
    const offerId = input.offerIds.get(seed.offer);
    if (offerId === undefined) throw new Error(`Demo claim on an unknown offer: ${seed.offer}`);
    const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId));
    if (!offer) throw new Error(`Demo offer missing: ${seed.offer}`);
    const made = daysFrom(input.now, -seed.madeDaysAgo);
    const lifetimeEnd = daysFrom(made, CLAIM_LIFETIME_DAYS);
    const expiresAt = new Date(Math.min(lifetimeEnd.getTime(), offer.endsAt.getTime()));
    const confirmedAt = seed.status === 'confirmed' || seed.status === 'used' ? daysFrom(made, 0, 2) : null;
    const points = seed.status === 'used' ? offer.pointsReward : 0;
    const [claim] = await tx
      .insert(offerClaims)
      .values({
        offerId,
        userId: input.customerId,
        status: seed.status,
        code: seed.code,
        claimNo: 1,
        viaQr: seed.viaQr ?? false,
        vendorNotes: seed.vendorNotes ?? null,
        discountApplied: seed.status === 'used' ? (seed.discountApplied ?? null) : null,
        pointsAwarded: points,
        expiresAt,
        confirmedAt,
        usedAt: seed.status === 'used' ? daysFrom(made, 0, 3) : null,
        cancelledAt: seed.status === 'cancelled' ? daysFrom(made, 0, 5) : null,
        createdAt: made,
        updatedAt: made,
      })
      .returning({ id: offerClaims.id });
    if (seed.status !== 'cancelled') {
      await tx
        .update(offers)
        .set({ claimsCount: sql`${offers.claimsCount} + 1` })
        .where(eq(offers.id, offerId));
    }
    if (claim && points > 0) {
      // As mark-used does: a ledger entry for the claim and the balance at the offer's shop.
      await tx
        .insert(rewardPointEntries)
        .values({ userId: input.customerId, shopId: offer.shopId, points, reason: 'offer_claim', claimId: claim.id });
      const raised = await tx
        .update(rewardPointBalances)
        .set({ points: sql`${rewardPointBalances.points} + ${points}` })
        .where(and(eq(rewardPointBalances.userId, input.customerId), eq(rewardPointBalances.shopId, offer.shopId)))
        .returning({ points: rewardPointBalances.points });
      if (raised.length === 0) {
        await tx.insert(rewardPointBalances).values({ userId: input.customerId, shopId: offer.shopId, points });
      }
    }
  }
}
