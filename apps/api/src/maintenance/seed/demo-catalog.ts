import path from 'node:path';
import type { VatRate } from '@parade/core/money-rules';
import { daysFrom } from './demo-content';
import type { DemoFiles } from './demo-files';
import type { DemoIcon } from './demo-images';
import { productSeeds } from './demo-products';
import { shopSeeds } from './demo-shops';

/** A sub-category with the (made-up) brands sold under it and a line used in product descriptions. */
export interface SubCategorySeed {
  name: string;
  slug: string;
  blurb: string;
  brands: string[];
  /** Icon on the sub-category's product pictures; the category's icon when omitted. */
  icon?: DemoIcon;
  /**
   * The VAT rate its shops sell at when it is not the category's (tea and coffee are food,
   * zero-rated, in a category of soft drinks at the standard rate): the merchants' own choice.
   */
  vatRate?: VatRate;
}

export interface CategorySeed {
  name: string;
  slug: string;
  icon: DemoIcon;
  /** Its VAT rate as a UK grocer has it (decision 029): food and books 0, the rest 20. */
  vatRate: VatRate;
  subs: SubCategorySeed[];
}

/** Categories -> sub-categories -> brands. Brand names are invented; a brand may sit under several subs. */
export const categorySeeds: CategorySeed[] = [
  {
    name: 'Fruit & Veg',
    slug: 'fruit-and-veg',
    vatRate: 0,
    icon: 'apple',
    subs: [
      {
        name: 'Fresh Fruit',
        slug: 'fresh-fruit',
        blurb: 'Chosen at the wholesale market before dawn and sold loose, so you buy only what you need.',
        brands: ['Orchard Lane', 'Sunny Barrow'],
      },
      {
        name: 'Fresh Vegetables',
        slug: 'fresh-vegetables',
        icon: 'carrot',
        blurb: 'Seasonal vegetables, mostly from farms in Essex and Kent, weighed on the counter.',
        brands: ['Sunny Barrow', 'Marsh Farm Growers', 'Lea Valley Greens'],
      },
      {
        name: 'Herbs & Salad',
        slug: 'herbs-and-salad',
        icon: 'heart',
        blurb: 'Generous bunches and crisp leaves, delivered to the parade three times a week.',
        brands: ['Lea Valley Greens', 'Windowbox Herbs'],
      },
    ],
  },
  {
    name: 'Meat & Poultry',
    slug: 'meat-and-poultry',
    vatRate: 0,
    icon: 'meat',
    subs: [
      {
        name: 'Beef & Lamb',
        slug: 'beef-and-lamb',
        blurb: 'From small grass-fed herds, cut to order and wrapped in paper.',
        brands: ['Cable Street Cuts', 'Hillside Pastures', 'Barakah Halal Meats'],
      },
      {
        name: 'Chicken & Poultry',
        slug: 'chicken-and-poultry',
        blurb: 'Free-range birds with proper flavour, prepared fresh every morning.',
        brands: ['Cable Street Cuts', 'Meadow Run Poultry', 'Barakah Halal Meats'],
      },
      {
        name: 'Sausages & Bacon',
        slug: 'sausages-and-bacon',
        blurb: 'Made or cured on the premises with outdoor-bred pork.',
        brands: ['Cable Street Cuts', 'Old Smokehouse'],
      },
    ],
  },
  {
    name: 'Bakery',
    slug: 'bakery',
    vatRate: 0,
    icon: 'bread',
    subs: [
      {
        name: 'Bread',
        slug: 'bread',
        blurb: 'Slow-fermented and baked overnight on the parade.',
        brands: ['Rise & Crumb', 'Stepney Sourdough Co.'],
      },
      {
        name: 'Pastries & Cakes',
        slug: 'pastries-and-cakes',
        blurb: 'Laminated by hand with proper butter, baked in small batches all morning.',
        brands: ['Rise & Crumb', 'Little Bun Patisserie'],
      },
      {
        name: 'Bagels & Flatbreads',
        slug: 'bagels-and-flatbreads',
        icon: 'bread',
        blurb: 'Boiled then baked the East End way, or slapped fresh in the tandoor.',
        brands: ['Rise & Crumb', 'Barakah Tandoor'],
      },
    ],
  },
  {
    name: 'Dairy & Eggs',
    slug: 'dairy-and-eggs',
    vatRate: 0,
    icon: 'milk',
    subs: [
      {
        name: 'Milk',
        slug: 'milk',
        blurb: 'Delivered chilled every morning from dairies within a day of London.',
        brands: ['Daisyfield Dairy', 'Thames Meadow'],
      },
      {
        name: 'Cheese',
        slug: 'cheese',
        icon: 'cheese',
        blurb: 'Cut from the wheel at the counter and wrapped in waxed paper.',
        brands: ['Cellar & Rind', 'Daisyfield Dairy', 'Aegean Table'],
      },
      {
        name: 'Yoghurt',
        slug: 'yoghurt',
        blurb: 'Thick, tangy and live, for breakfast bowls and marinades.',
        brands: ['Thames Meadow', 'Aegean Table'],
      },
      {
        name: 'Eggs',
        slug: 'eggs',
        icon: 'basket',
        blurb: 'Free-range, laid on small farms and never more than a few days old.',
        brands: ['Three Hens Farm', 'Meadow Run Poultry'],
      },
      {
        name: 'Butter & Spreads',
        slug: 'butter-and-spreads',
        icon: 'cheese',
        blurb: 'Churned from cream of grass-fed cows.',
        brands: ['Daisyfield Dairy'],
      },
    ],
  },
  {
    name: 'Pantry',
    slug: 'pantry',
    vatRate: 0,
    icon: 'jar',
    subs: [
      {
        name: 'Rice, Grains & Pulses',
        slug: 'rice-grains-and-pulses',
        icon: 'basket',
        blurb: 'Store-cupboard staples in family-size bags at fair prices.',
        brands: ['Golden Field', 'Barakah Pantry'],
      },
      {
        name: 'Tins & Jars',
        slug: 'tins-and-jars',
        blurb: 'The good stuff to keep in the cupboard for quick suppers.',
        brands: ['Harbour Larder', 'Aegean Table', 'Barakah Pantry', 'Nonna Rosa'],
      },
      {
        name: 'Spices & Seasonings',
        slug: 'spices-and-seasonings',
        icon: 'jar',
        blurb: 'Ground and whole spices, packed small so they stay fresh.',
        brands: ['Spice Route Traders', 'Barakah Pantry'],
      },
      {
        name: 'Oils & Vinegars',
        slug: 'oils-and-vinegars',
        icon: 'bottle',
        blurb: 'For cooking, dressing and finishing.',
        brands: ['Aegean Table', 'Cellar & Rind', 'Barakah Pantry'],
      },
      {
        name: 'Pasta & Noodles',
        slug: 'pasta-and-noodles',
        blurb: 'Bronze-cut dried pasta and fresh egg pasta made weekly.',
        brands: ['Nonna Rosa', 'Harbour Larder'],
      },
      {
        name: 'Dried Fruit & Nuts',
        slug: 'dried-fruit-and-nuts',
        icon: 'basket',
        blurb: 'Snacking, baking and sharing at iftar.',
        brands: ['Barakah Pantry', 'Golden Field'],
      },
    ],
  },
  {
    name: 'Drinks',
    slug: 'drinks',
    vatRate: 20,
    icon: 'cup',
    subs: [
      {
        name: 'Tea & Coffee',
        slug: 'tea-and-coffee',
        icon: 'cup',
        vatRate: 0,
        blurb: 'Roasted and blended close to home.',
        brands: ['Brick Lane Roasters', 'Chai Corner'],
      },
      {
        name: 'Juices & Soft Drinks',
        slug: 'juices-and-soft-drinks',
        icon: 'bottle',
        blurb: 'Pressed and bottled by small makers.',
        brands: ['Squeeze East', 'Fizzwell'],
      },
    ],
  },
  {
    name: 'Household & Hardware',
    slug: 'household-and-hardware',
    vatRate: 20,
    icon: 'tool',
    subs: [
      {
        name: 'Cleaning',
        slug: 'cleaning',
        icon: 'bottle',
        blurb: 'Everyday cleaning supplies, with refill and eco options.',
        brands: ['Sparkle & Co', 'GreenSuds'],
      },
      {
        name: 'Tools & DIY',
        slug: 'tools-and-diy',
        blurb: 'Solid tools and fixings for small jobs around the flat.',
        brands: ['Ironmonger & Sons', 'Fixwell'],
      },
      {
        name: 'Electrical & Lighting',
        slug: 'electrical-and-lighting',
        icon: 'bulb',
        blurb: 'Bulbs, batteries and leads to keep the lights on.',
        brands: ['Brightway', 'Fixwell'],
      },
      {
        name: 'Garden & Outdoor',
        slug: 'garden-and-outdoor',
        icon: 'heart',
        blurb: 'For balconies, window boxes and the allotment.',
        brands: ['Greenthumb', 'Ironmonger & Sons'],
      },
    ],
  },
  {
    name: 'Health & Beauty',
    slug: 'health-and-beauty',
    vatRate: 20,
    icon: 'cross',
    subs: [
      {
        name: 'Pain Relief & Remedies',
        slug: 'pain-relief-and-remedies',
        blurb: 'Always read the label. Ask in the shop if you are unsure what to take.',
        brands: ['Bluebell Pharmacy', 'Stepney Remedies'],
      },
      {
        name: 'Vitamins & Supplements',
        slug: 'vitamins-and-supplements',
        blurb: 'Food supplements should not replace a varied, balanced diet.',
        brands: ['VitaDay', 'Bluebell Pharmacy'],
      },
      {
        name: 'Toiletries',
        slug: 'toiletries',
        icon: 'bottle',
        blurb: 'Everyday care for the whole household.',
        brands: ['Pure Petal', 'Fresh Mint Co.'],
      },
      {
        name: 'Baby Care',
        slug: 'baby-care',
        icon: 'heart',
        blurb: 'Gentle on little ones, kind on the budget.',
        brands: ['Little Sprout', 'Pure Petal'],
      },
    ],
  },
  {
    name: 'Books',
    slug: 'books',
    vatRate: 0,
    icon: 'book',
    subs: [
      {
        name: 'Cookbooks',
        slug: 'cookbooks',
        blurb: 'Printed cookbooks, many written by cooks from the parade.',
        brands: ['Parade Press', 'Spoon & Page'],
      },
      {
        name: 'Local History',
        slug: 'local-history',
        blurb: 'The streets, markets and people of the East End.',
        brands: ['Parade Press', 'Eastside Histories'],
      },
      {
        name: 'E-books',
        slug: 'e-books',
        icon: 'document',
        blurb: 'A PDF you can download from your account as soon as your order is paid.',
        brands: ['Parade Press Digital', 'Spoon & Page'],
      },
      {
        name: "Children's Books",
        slug: 'childrens-books',
        blurb: 'Picture books and first readers for little ones.',
        brands: ['Puddle Lane Books', 'Parade Press'],
      },
    ],
  },
];

/** 'Rise & Crumb' -> 'rise-and-crumb'; 'Stepney Sourdough Co.' -> 'stepney-sourdough-co'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/£/g, '')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Every brand once, in first-seen order. */
export function brandNames(): string[] {
  return [...new Set(categorySeeds.flatMap((c) => c.subs.flatMap((s) => s.brands)))];
}

/** mulberry32: a tiny seeded PRNG, so "random-looking" stock and sales come out the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows ready to insert; foreign keys are still slugs, resolved to ids by the seed as it inserts. */
export interface CatalogPlan {
  categories: { name: string; slug: string; image: string; position: number; vatRate: VatRate }[];
  subCategories: { categorySlug: string; name: string; slug: string; position: number }[];
  brands: { name: string; slug: string; logo: string }[];
  brandLinks: { brandSlug: string; subCategorySlug: string }[];
  products: {
    shopSlug: string;
    categorySlug: string;
    subCategorySlug: string;
    brandSlug: string;
    name: string;
    slug: string;
    type: 'Physical' | 'Digital';
    description: string;
    isFeatured: boolean;
    createdAt: Date;
    updatedAt: Date;
  }[];
  variations: {
    /** `${shopSlug}/${productSlug}` */
    productKey: string;
    name: string;
    slug: string;
    fullName: string;
    sku: string;
    price: number;
    compareAtPrice: number | null;
    vatRate: VatRate;
    stock: number | null;
    images: string[];
    unitsSold: number;
    digitalFile: string | null;
    digitalFileName: string | null;
    digitalFileSize: number | null;
    digitalFileType: string | null;
    position: number;
    createdAt: Date;
    updatedAt: Date;
  }[];
}

/** The whole catalogue, with its pictures and digital files registered in `files`. */
export function buildCatalog(files: DemoFiles, now: Date): CatalogPlan {
  const random = seededRandom(2026);
  const plan: CatalogPlan = {
    categories: [],
    subCategories: [],
    brands: [],
    brandLinks: [],
    products: [],
    variations: [],
  };
  const subs = new Map<string, { category: CategorySeed; sub: SubCategorySeed }>();
  /** A demo PDF's columns: named as stored, its size as written. */
  const digitalFileColumns = (stored: string | null) => ({
    digitalFile: stored,
    digitalFileName: stored ? path.posix.basename(stored) : null,
    digitalFileSize: stored ? files.byteLength(stored) : null,
    digitalFileType: stored ? 'application/pdf' : null,
  });

  categorySeeds.forEach((category, position) => {
    plan.categories.push({
      name: category.name,
      slug: category.slug,
      image: files.image('categories', category.slug, { title: category.name, icon: category.icon }),
      position,
      vatRate: category.vatRate,
    });
    category.subs.forEach((sub, subPosition) => {
      subs.set(sub.slug, { category, sub });
      plan.subCategories.push({ categorySlug: category.slug, name: sub.name, slug: sub.slug, position: subPosition });
      for (const brand of sub.brands) plan.brandLinks.push({ brandSlug: slugify(brand), subCategorySlug: sub.slug });
    });
  });
  for (const name of brandNames()) {
    const slug = slugify(name);
    plan.brands.push({ name, slug, logo: files.image('brands', slug, { title: name }) });
  }

  let productNumber = 0;
  let variationNumber = 0;
  for (const shop of shopSeeds) {
    (productSeeds[shop.slug] ?? []).forEach((product, indexInShop) => {
      const found = subs.get(product.sub);
      if (!found) throw new Error(`Demo product ${product.name} names an unknown sub-category ${product.sub}`);
      if (!found.sub.brands.includes(product.brand)) {
        throw new Error(`Demo product ${product.name}: brand ${product.brand} is not under ${product.sub}`);
      }
      const slug = slugify(product.name);
      // Spread over the last ~90 days so "newest first" differs from insertion order.
      const createdAt = daysFrom(now, -((productNumber * 53) % 90) - 1, -Math.floor(random() * 20));
      const icon = found.sub.icon ?? found.category.icon;
      const images = Array.from({ length: 1 + (productNumber % 3) }, (_, n) =>
        files.image('products', `${shop.slug}-${slug}-${n + 1}`, {
          title: product.name,
          subtitle: shop.name,
          hue: (shop.hue + n * 24) % 360,
          icon,
        }),
      );
      plan.products.push({
        shopSlug: shop.slug,
        categorySlug: found.category.slug,
        subCategorySlug: found.sub.slug,
        brandSlug: slugify(product.brand),
        name: product.name,
        slug,
        type: product.digital ? 'Digital' : 'Physical',
        description: `${product.description ?? found.sub.blurb} From ${shop.name}.`,
        isFeatured: product.featured ?? false,
        createdAt,
        updatedAt: createdAt,
      });

      product.variations.forEach(([name, price, compareAtPrice], position) => {
        const variationSlug = slugify(name);
        const fullName = `${product.name} ${name}`;
        const popularity = random();
        plan.variations.push({
          productKey: `${shop.slug}/${slug}`,
          name,
          slug: variationSlug,
          fullName,
          sku: `${shop.skuPrefix}-${String(indexInShop + 1).padStart(3, '0')}-${position + 1}`,
          price,
          compareAtPrice: compareAtPrice ?? null,
          vatRate: found.sub.vatRate ?? found.category.vatRate,
          // A few physical lines are sold out, to show the out-of-stock state.
          stock: product.digital ? null : variationNumber % 19 === 7 ? 0 : 4 + Math.floor(random() * 120),
          // Rotate the product's pictures so each variation leads with a different one.
          images: images.map((_, n) => images[(n + position) % images.length]!),
          unitsSold: Math.floor(popularity * popularity * 400) + (product.featured ? 120 : 0),
          ...digitalFileColumns(
            product.digital
              ? files.pdf(`${slug}-${variationSlug}`, fullName, [
                  `Sold by ${shop.name}, ${shop.address}, London ${shop.postcode}.`,
                  found.sub.blurb,
                  'This is a demo file from the Parade marketplace.',
                ])
              : null,
          ),
          position,
          createdAt,
          updatedAt: createdAt,
        });
        variationNumber++;
      });
      productNumber++;
    });
  }
  return plan;
}
