import { daysFrom } from './demo-content';
import type { DemoFiles } from './demo-files';
import { shopSeeds } from './demo-shops';

// ---------------------------------------------------------------------------------------------
// Coupons: one or two per shop, covering every rule the cart checks.

interface CouponSeed {
  shop: string;
  code: string;
  type: 'percent' | 'fixed';
  /** Percent for percent coupons, pence for fixed ones. */
  value: number;
  minSpend?: number;
  /** Restrict the coupon to these products (slugs within the shop). */
  productSlugs?: string[];
  /** Live window relative to today, in days; omitted = open-ended. */
  startDay?: number;
  endDay?: number;
  usageLimit?: number;
  perUserLimit?: number;
  timesUsed?: number;
}

export const couponSeeds: CouponSeed[] = [
  {
    shop: 'green-barrow',
    code: 'WELCOME10',
    type: 'percent',
    value: 10,
    minSpend: 1000,
    perUserLimit: 1,
    startDay: -30,
    endDay: 365,
  },
  {
    shop: 'green-barrow',
    code: 'MANGO20',
    type: 'percent',
    value: 20,
    productSlugs: ['alphonso-mangoes', 'british-strawberries', 'blueberries'],
    startDay: -7,
    endDay: 21,
  },
  {
    shop: 'cable-street-butchers',
    code: 'ROAST200',
    type: 'fixed',
    value: 200,
    minSpend: 2000,
    startDay: -14,
    endDay: 30,
  },
  {
    shop: 'rise-and-crumb',
    code: 'BREAD15',
    type: 'percent',
    value: 15,
    usageLimit: 50,
    perUserLimit: 1,
    timesUsed: 12,
    startDay: -20,
    endDay: 40,
  },
  { shop: 'barakah-halal-grocer', code: 'RICE500', type: 'fixed', value: 500, minSpend: 3000, endDay: 45 },
  // Expired on purpose, to show the "coupon expired" answer.
  { shop: 'barakah-halal-grocer', code: 'EID2025', type: 'percent', value: 10, startDay: -120, endDay: -90 },
  { shop: 'the-stepney-deli', code: 'CHEESE10', type: 'percent', value: 10, minSpend: 1500, startDay: -3, endDay: 27 },
  { shop: 'jubilee-hardware', code: 'DIY200', type: 'fixed', value: 200, minSpend: 1500 },
  {
    shop: 'bluebell-chemist',
    code: 'HEALTHY10',
    type: 'percent',
    value: 10,
    usageLimit: 100,
    timesUsed: 37,
    endDay: 60,
  },
  { shop: 'brick-and-binding-books', code: 'READMORE', type: 'fixed', value: 200, minSpend: 1500 },
  {
    shop: 'brick-and-binding-books',
    code: 'EBOOK25',
    type: 'percent',
    value: 25,
    // Every e-book of the shop, as the "E-book week" deal that shows this code promises.
    productSlugs: [
      '30-weeknight-curries',
      'the-parade-baking-book',
      'whitechapel-walks-five-self-guided-routes',
      'ramadan-kitchen-iftar-recipes',
      'family-meals-under-2-a-head',
      'pickles-and-preserves',
      'east-end-stories-local-history-bundle',
    ],
    startDay: -2,
    endDay: 12,
  },
];

/**
 * Platform coupons: made by the admin, paid for by Parade, good at any shop on the lines they
 * name (here by category and sub-category slug). The "Fresh Friday" deal shows FRESH10.
 */
export const platformCouponSeeds = [
  {
    code: 'FRESH10',
    type: 'percent' as const,
    value: 10,
    categorySlugs: ['fruit-and-veg'],
    subCategorySlugs: ['bread'],
    startDay: -3,
    endDay: 30,
    usageLimit: 500,
    perUserLimit: 3,
    timesUsed: 41,
  },
];

export function platformCouponRows(now: Date, categoryIds: Map<string, number>, subCategoryIds: Map<string, number>) {
  const idOf = (ids: Map<string, number>, slug: string) => {
    const id = ids.get(slug);
    if (id === undefined) throw new Error(`A demo platform coupon names an unknown category ${slug}`);
    return id;
  };
  return platformCouponSeeds.map((coupon) => ({
    shopId: null,
    code: coupon.code,
    type: coupon.type,
    value: coupon.value,
    categoryIds: coupon.categorySlugs.map((slug) => idOf(categoryIds, slug)),
    subCategoryIds: coupon.subCategorySlugs.map((slug) => idOf(subCategoryIds, slug)),
    startsAt: daysFrom(now, coupon.startDay),
    endsAt: daysFrom(now, coupon.endDay),
    usageLimit: coupon.usageLimit,
    perUserLimit: coupon.perUserLimit,
    timesUsed: coupon.timesUsed,
  }));
}

/** productIds maps `${shopSlug}/${productSlug}` to the product's id. */
export function couponRows(now: Date, shopIds: Map<string, number>, productIds: Map<string, number>) {
  return couponSeeds.map((coupon) => ({
    shopId: shopIds.get(coupon.shop)!,
    code: coupon.code,
    type: coupon.type,
    value: coupon.value,
    minSpend: coupon.minSpend ?? 0,
    productIds: (coupon.productSlugs ?? []).map((slug) => {
      const id = productIds.get(`${coupon.shop}/${slug}`);
      if (id === undefined) throw new Error(`Demo coupon ${coupon.code} names an unknown product ${slug}`);
      return id;
    }),
    startsAt: coupon.startDay === undefined ? null : daysFrom(now, coupon.startDay),
    endsAt: coupon.endDay === undefined ? null : daysFrom(now, coupon.endDay),
    usageLimit: coupon.usageLimit ?? null,
    perUserLimit: coupon.perUserLimit ?? null,
    timesUsed: coupon.timesUsed ?? 0,
  }));
}

// ---------------------------------------------------------------------------------------------
// Vendor offers (claimed by customers, some only through the shop's QR code)

interface OfferSeed {
  shop: string;
  title: string;
  description: string;
  discountType: 'percent' | 'fixed';
  discountValue: number;
  minSpend?: number;
  startDay: number;
  endDay: number;
  maxClaims?: number;
  isFeatured?: boolean;
  qrOnly?: boolean;
  pointsReward?: number;
  terms?: string;
  /** Switched off by its shop (default on). */
  isActive?: boolean;
}

const offerSeeds: OfferSeed[] = [
  {
    shop: 'green-barrow',
    title: '10% off your weekly fruit and veg',
    description: 'Show your claim code at the till for 10% off a basket of loose fruit and vegetables.',
    discountType: 'percent',
    discountValue: 10,
    minSpend: 800,
    startDay: -10,
    endDay: 30,
    maxClaims: 200,
    isFeatured: true,
    pointsReward: 20,
    terms: 'One claim per customer. Not valid on boxed mangoes.',
  },
  {
    shop: 'green-barrow',
    title: 'Free bunch of herbs',
    description: 'Scan the QR code on the barrow and get a free bunch of coriander or parsley with any purchase.',
    discountType: 'fixed',
    discountValue: 70,
    startDay: -3,
    endDay: 14,
    maxClaims: 50,
    qrOnly: true,
    pointsReward: 5,
  },
  {
    shop: 'rise-and-crumb',
    title: 'Pastry box: £1 off',
    description: 'Save £1 on any box of four pastries.',
    discountType: 'fixed',
    discountValue: 100,
    startDay: -7,
    endDay: 21,
    maxClaims: 100,
    isFeatured: true,
    pointsReward: 10,
  },
  {
    shop: 'rise-and-crumb',
    title: 'Early bird coffee and croissant',
    description: 'Before 9am, scan our counter QR code for 20% off a croissant and coffee.',
    discountType: 'percent',
    discountValue: 20,
    startDay: -1,
    endDay: 30,
    qrOnly: true,
    pointsReward: 5,
  },
  {
    shop: 'the-stepney-deli',
    title: 'Cheese board for two',
    description: '15% off when you pick any three cheeses from the counter.',
    discountType: 'percent',
    discountValue: 15,
    minSpend: 1200,
    startDay: -5,
    endDay: 25,
    maxClaims: 60,
    pointsReward: 15,
  },
  {
    shop: 'the-stepney-deli',
    title: 'Coffee beans: £2 off 1kg',
    description: '£2 off a 1kg bag of single origin beans, ground to order if you like.',
    discountType: 'fixed',
    discountValue: 200,
    minSpend: 2000,
    startDay: -12,
    endDay: 18,
    isFeatured: true,
    pointsReward: 25,
  },
  {
    shop: 'bluebell-chemist',
    title: 'Winter vitamin bundle',
    description: '20% off when you buy vitamin D and a multivitamin together.',
    discountType: 'percent',
    discountValue: 20,
    startDay: -20,
    endDay: 40,
    maxClaims: 150,
    isFeatured: true,
    pointsReward: 10,
  },
  {
    shop: 'bluebell-chemist',
    title: '£1 off baby care',
    description: '£1 off any baby wipes, nappy cream or baby shampoo over £3.',
    discountType: 'fixed',
    discountValue: 100,
    minSpend: 300,
    startDay: -4,
    endDay: 26,
    pointsReward: 5,
  },
  // Offers in the other states, for the demo customer's claims (demo-claims.ts) and the merchant site.
  {
    shop: 'bluebell-chemist',
    title: 'Summer sun cream: 25% off',
    description: '25% off any sun cream of SPF 30 or more. This one has ended.',
    discountType: 'percent',
    discountValue: 25,
    startDay: -40,
    endDay: -5,
    maxClaims: 80,
    pointsReward: 10,
  },
  {
    shop: 'rise-and-crumb',
    title: 'Sourdough launch: free loaf',
    description: 'Our first sourdough bake: one free loaf for the first customer who scans the counter QR code.',
    discountType: 'fixed',
    discountValue: 350,
    startDay: -6,
    endDay: 20,
    maxClaims: 1,
    qrOnly: true,
    pointsReward: 15,
    terms: 'One loaf, while it lasts.',
  },
  {
    shop: 'green-barrow',
    title: 'Half-price flowers (paused)',
    description: 'Half price on cut flowers on Saturdays. Paused while we wait for the next delivery.',
    discountType: 'percent',
    discountValue: 50,
    startDay: -8,
    endDay: 22,
    maxClaims: 40,
    pointsReward: 5,
    isActive: false,
  },
];

export function offerRows(files: DemoFiles, now: Date, shopIds: Map<string, number>) {
  return offerSeeds.map((offer, i) => {
    const shop = shopSeeds.find((s) => s.slug === offer.shop)!;
    return {
      shopId: shopIds.get(offer.shop)!,
      title: offer.title,
      description: offer.description,
      image: files.image('offers', `${offer.shop}-${i + 1}`, {
        title: offer.title,
        subtitle: shop.name,
        hue: shop.hue,
        icon: 'tag',
      }),
      discountType: offer.discountType,
      discountValue: offer.discountValue,
      minSpend: offer.minSpend ?? 0,
      startsAt: daysFrom(now, offer.startDay),
      endsAt: daysFrom(now, offer.endDay),
      maxClaims: offer.maxClaims ?? null,
      isFeatured: offer.isFeatured ?? false,
      qrOnly: offer.qrOnly ?? false,
      pointsReward: offer.pointsReward ?? 0,
      terms: offer.terms ?? null,
      isActive: offer.isActive ?? true,
    };
  });
}
