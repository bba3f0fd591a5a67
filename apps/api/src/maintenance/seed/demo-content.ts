import type { SliderType } from '@parade/core/catalog';
import type { CollectionPoint, SiteSettingKey } from '@parade/core/settings';
import type { DemoFiles } from './demo-files';
import type { DemoIcon } from './demo-images';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date a whole number of days (and optional hours) away from now. */
export function daysFrom(now: Date, days: number, hours = 0): Date {
  return new Date(now.getTime() + days * DAY_MS + hours * 60 * 60 * 1000);
}

/** The marketplace's own look: one hue for the site logos and the home pictures. */
const PARADE_HUE = 22;

// ---------------------------------------------------------------------------------------------
// Site settings (spec section 3)

export const collectionPoints: CollectionPoint[] = [
  {
    value: 'Jubilee Parade, Commercial Street, London E1 6AN',
    note: 'Collect from the shop you ordered from. Mon-Sat 8am-7pm, Sun 10am-4pm.',
  },
  {
    value: 'Sidney Street Community Hall, 40 Sidney Street, London E1 2HQ',
    note: 'Collection desk open Tue and Thu 4pm-8pm, Sat 10am-2pm.',
  },
  {
    value: 'Ocean Estate Community Lockers, Ben Jonson Road, London E1 4SA',
    note: 'Lockers open 7am-10pm daily; your locker code is e-mailed when the order is ready.',
  },
];

/** Every settings key with its demo value; the Record type makes a missing key a compile error. */
export function siteSettingRows(files: DemoFiles): { key: SiteSettingKey; value: string }[] {
  const values: Record<SiteSettingKey, string> = {
    locale: 'en-GB',
    currency: 'GBP',
    date_format: 'DD-MMM-YYYY',
    stripe_test_mode: 'true',
    enable_stripe_payment: 'true',
    // Set by the admin with the shop's own Stripe account; card payment stays off until then.
    stripe_test_pub: '',
    stripe_live_pub: '',
    site_title: 'Parade',
    collection_locations: JSON.stringify(collectionPoints),
    address: 'Jubilee Parade, Commercial Street',
    postcode: 'E1 6AN',
    city: 'London',
    state: 'Greater London',
    phone: '020 7946 0100',
    email: 'hello@parade.test',
    company_name: 'Parade Community Marketplace Ltd',
    facebook_url: 'https://www.facebook.com/parade.e1',
    tiktok_url: 'https://www.tiktok.com/@parade.e1',
    linkedIn_url: 'https://www.linkedin.com/company/parade-e1',
    instagram_url: 'https://www.instagram.com/parade.e1',
    site_logo_small: files.image('site', 'logo-small', { title: 'Parade', hue: PARADE_HUE, icon: 'store' }),
    site_logo_large: files.image('site', 'logo-large', {
      title: 'Parade',
      subtitle: 'Explore Great Value Family Shopping',
      hue: PARADE_HUE,
      icon: 'store',
      width: 1200,
      height: 320,
    }),
    delivery_radius_miles: '3',
    // Matches the returns page's "within 14 days"; the admin may change it (0 = no returns).
    return_window_days: '14',
    commission_rate: '10',
    payout_hold_days: '7',
  };
  return Object.entries(values).map(([key, value]) => ({ key: key as SiteSettingKey, value }));
}

// ---------------------------------------------------------------------------------------------
// Static pages

interface PageSettingSeed {
  section: string;
  key: string;
  value: string;
  valueType: 'text' | 'image';
}

export interface PageSeed {
  slug: string;
  title: string;
  /** Linked from the storefront's footer (pages other than the spec's own). */
  inFooter?: boolean;
  settings: PageSettingSeed[];
}

const text = (section: string, key: string, value: string): PageSettingSeed => ({
  section,
  key,
  value,
  valueType: 'text',
});

export function pageSeeds(files: DemoFiles): PageSeed[] {
  const banner = (slug: string, title: string, subtitle: string, icon: DemoIcon): PageSettingSeed[] => [
    text('banner', 'title', title),
    text('banner', 'subtitle', subtitle),
    {
      section: 'banner',
      key: 'image',
      value: files.image('pages', slug, { title, subtitle, hue: PARADE_HUE, icon }),
      valueType: 'image',
    },
  ];
  return [
    {
      slug: 'privacy-policy',
      title: 'Privacy Policy',
      settings: [
        ...banner('privacy-policy', 'Privacy Policy', 'How Parade looks after your information', 'document'),
        text(
          'intro',
          'content',
          '<p>This notice explains what personal information Parade Community Marketplace Ltd collects when you shop with the independent shops of Jubilee Parade, why we need it and what you can ask us to do with it.</p>',
        ),
        text('data-we-collect', 'title', 'What we collect'),
        text(
          'data-we-collect',
          'content',
          '<ul><li>Your name, e-mail address and phone number when you create an account.</li><li>Delivery addresses you save, and the collection point you choose.</li><li>Your orders, support tickets, returns, reward points and offer claims.</li><li>Basic technical information such as your browser type, kept for security.</li></ul>',
        ),
        text('how-we-use-it', 'title', 'How we use it'),
        text(
          'how-we-use-it',
          'content',
          '<p>We share the details of an order only with the shop that fulfils it. Card payments are handled by our payment provider; we never see or store your full card number.</p><p>We send you e-mails about your orders and account. We only send news and offers if you ask us to.</p>',
        ),
        text('your-rights', 'title', 'Your rights'),
        text(
          'your-rights',
          'content',
          '<p>Under UK data protection law you can ask for a copy of your data, ask us to correct or delete it, or object to how we use it. Write to <strong>privacy@parade.test</strong> and we will answer within one month.</p>',
        ),
        text('footer', 'last_updated', 'Last updated: January 2026'),
      ],
    },
    {
      slug: 'terms-and-condition',
      title: 'Terms and Conditions',
      settings: [
        ...banner('terms-and-condition', 'Terms and Conditions', 'The small print, kept short', 'document'),
        text(
          'intro',
          'content',
          "<p>Parade is an online marketplace run by Parade Community Marketplace Ltd. When you buy, your contract is with the shop that sells the item; we run the website and take payment on the shops' behalf.</p>",
        ),
        text('ordering', 'title', 'Orders and prices'),
        text(
          'ordering',
          'content',
          '<p>Prices are in pounds sterling and include VAT where it applies. Loose goods sold by weight may vary slightly; the shop will never charge more than the price shown.</p><ul><li>Collection is free from the parade and our community collection points.</li><li>Delivery within 3 miles of the parade costs a flat &pound;10.00 per order.</li></ul>',
        ),
        text('returns', 'title', 'Returns and refunds'),
        text(
          'returns',
          'content',
          '<p>Fresh food that is not right can be returned on the day for a refund. Other goods can be returned unused within 14 days. Digital products can be refunded if the file cannot be downloaded.</p>',
        ),
        text('rewards', 'title', 'Coupons, offers and reward points'),
        text(
          'rewards',
          'content',
          '<p>Coupons and reward points belong to the shop that issued them and can only be used with that shop. Offers have their own dates and limits, shown on the offer.</p>',
        ),
        text('footer', 'last_updated', 'Last updated: January 2026'),
      ],
    },
    {
      slug: 'contact',
      title: 'Contact Us',
      settings: [
        ...banner('contact', 'Contact Us', 'We are on the parade every day', 'pin'),
        text('details', 'address', 'Jubilee Parade, Commercial Street, London E1 6AN'),
        text('details', 'phone', '020 7946 0100'),
        text('details', 'email', 'hello@parade.test'),
        text(
          'details',
          'opening_hours',
          '<ul><li>Monday to Saturday: 8am to 7pm</li><li>Sunday: 10am to 4pm</li></ul>',
        ),
        text('form', 'title', 'Send us a message'),
        text(
          'form',
          'content',
          '<p>Questions about an order are answered fastest through a support ticket in your profile. For anything else, send us a message and we will reply within two working days.</p>',
        ),
      ],
    },
    {
      slug: 'about',
      title: 'About Parade',
      // The storefront links it from the footer, at /page/about.
      inFooter: true,
      settings: [
        ...banner('about', 'About Parade', 'Eight independent shops, one basket', 'store'),
        text('story', 'title', 'Our story'),
        text(
          'story',
          'content',
          '<p>Jubilee Parade has fed this corner of East London for more than sixty years. In 2020 the shopkeepers clubbed together to take orders by phone; Parade is where that idea ended up.</p><p>Every shop is independent, every order goes straight to the people behind the counter, and the profits stay on the parade.</p>',
        ),
        text('values', 'title', 'What we care about'),
        text(
          'values',
          'content',
          '<ul><li>Fair prices for loose food, sold by weight.</li><li>Less packaging and less waste.</li><li>Looking after the neighbourhood that looks after us.</li></ul>',
        ),
      ],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Home page sliders

interface SliderSeed {
  type: SliderType;
  title: string;
  caption: string;
  link: string;
  icon: DemoIcon;
  hue: number;
}

const sliderSeeds: SliderSeed[] = [
  {
    type: 'home_page_slide',
    title: 'Your high street, delivered',
    caption: 'Order from eight independent shops on Jubilee Parade in one basket.',
    link: '/products',
    icon: 'store',
    hue: PARADE_HUE,
  },
  {
    type: 'home_page_slide',
    title: 'Fresh from the barrow',
    caption: 'Loose fruit and veg, weighed to order at Green Barrow.',
    link: '/vendor/green-barrow',
    icon: 'apple',
    hue: 105,
  },
  {
    type: 'home_page_slide',
    title: 'Baked overnight on the parade',
    caption: 'Sourdough, bagels and pastry boxes from Rise & Crumb.',
    link: '/vendor/rise-and-crumb',
    icon: 'bread',
    hue: 32,
  },
  {
    type: 'home_page_slide',
    title: 'Recipes to download tonight',
    caption: 'Recipe PDFs from the cooks of the parade, ready the minute you pay.',
    link: '/products?category=books&sub=e-books',
    icon: 'document',
    hue: 345,
  },
  {
    type: 'deals_slides',
    title: '2 for £3 on punnets',
    caption: 'Strawberries and blueberries at Green Barrow.',
    link: '/ubm-offers',
    icon: 'tag',
    hue: 105,
  },
  {
    type: 'deals_slides',
    title: 'Half-price bread after 5pm',
    caption: 'Every loaf left at Rise & Crumb.',
    link: '/vendor/rise-and-crumb',
    icon: 'tag',
    hue: 32,
  },
  {
    type: 'deals_slides',
    title: '3 for 2 on spices',
    caption: 'Mix and match at Barakah Halal Grocer.',
    link: '/vendor/barakah-halal-grocer',
    icon: 'tag',
    hue: 160,
  },
  {
    type: 'home_banner',
    title: 'Free collection',
    caption: 'Pick up from the parade or a community collection point near you.',
    link: '/products',
    icon: 'pin',
    hue: 190,
  },
  {
    type: 'home_banner',
    title: 'Earn points at every shop',
    caption: 'One point for every pound you spend, to use on your next order.',
    link: '/profile/reward-points',
    icon: 'heart',
    hue: 280,
  },
];

export function sliderRows(files: DemoFiles) {
  return sliderSeeds.map((slide, position) => {
    const slug = `${slide.type.replace(/_/g, '-')}-${position + 1}`;
    const picture = { title: slide.title, subtitle: slide.caption, hue: slide.hue, icon: slide.icon };
    return {
      type: slide.type,
      title: slide.title,
      caption: slide.caption,
      image: files.image('slides', slug, picture),
      mobileImage: files.image('slides-mobile', slug, picture),
      link: slide.link,
      position,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Blog

export const blogCategorySeeds = [
  { name: 'Community News', slug: 'community-news' },
  { name: 'Recipes', slug: 'recipes' },
  { name: 'Shop Profiles', slug: 'shop-profiles' },
];

interface BlogPostSeed {
  category: string;
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  author: string;
  daysAgo: number;
  icon: DemoIcon;
}

const blogPostSeeds: BlogPostSeed[] = [
  {
    category: 'community-news',
    title: 'The Jubilee Parade Street Party Is Back',
    slug: 'jubilee-parade-street-party-is-back',
    excerpt: 'Bunting, a steel band and a very long table: the parade closes to traffic for a day of food and music.',
    body: '<p>After a year off, the Jubilee Parade street party returns on the first Saturday of summer. The road closes from 11am, the tables go down the middle and every shop is putting something on the menu.</p><h2>What is on</h2><ul><li>A steel band from the youth music project from noon.</li><li>Face painting and a story corner run by Brick &amp; Binding Books.</li><li>A bake-off judged by Rosa from Rise &amp; Crumb: bring your best sponge by 1pm.</li></ul><p>Everything is free, and the raffle raises money for the Sidney Street food bank. See you there.</p>',
    author: 'Parade Team',
    daysAgo: 4,
    icon: 'heart',
  },
  {
    category: 'community-news',
    title: 'New Collection Lockers on the Ocean Estate',
    slug: 'new-collection-lockers-on-the-ocean-estate',
    excerpt: 'Collect your Parade order any time from 7am to 10pm from the new lockers on Ben Jonson Road.',
    body: '<p>If you cannot get to the parade before the shops shut, your order can now wait for you in a locker. Twelve chilled and twenty ambient lockers have opened at the Ocean Estate community centre on Ben Jonson Road.</p><p>Choose <strong>Ocean Estate Community Lockers</strong> as your collection point at checkout. When the shop has packed your order you will get an e-mail with the locker number and a code.</p><p>The lockers are open from 7am to 10pm every day. Orders are kept for 48 hours.</p>',
    author: 'Parade Team',
    daysAgo: 19,
    icon: 'pin',
  },
  {
    category: 'community-news',
    title: 'Parade Shops Raise £3,200 for the Local Food Bank',
    slug: 'parade-shops-raise-3200-for-the-local-food-bank',
    excerpt: 'A penny from every order over winter, plus a very competitive raffle, added up to a record total.',
    body: '<p>Between November and February every shop on the parade gave a penny from each pound you spent to the Sidney Street food bank. Add the Christmas raffle and the total came to <strong>&pound;3,200</strong>, our best year yet.</p><p>The money buys fresh fruit, vegetables and milk from the parade itself, so it goes round twice. Thank you to everyone who shopped with us.</p>',
    author: 'Parade Team',
    daysAgo: 47,
    icon: 'heart',
  },
  {
    category: 'recipes',
    title: 'Five-Minute Halloumi and Tomato Flatbreads',
    slug: 'five-minute-halloumi-and-tomato-flatbreads',
    excerpt: 'A speedy supper from the deli counter and the barrow: squeaky halloumi, sweet tomatoes, warm naan.',
    body: '<p>This is what Elena at The Stepney Deli makes when she gets home late. It serves two.</p><h2>You will need</h2><ul><li>250g halloumi, sliced</li><li>250g vine tomatoes, chopped</li><li>2 tandoori naan</li><li>A handful of flat leaf parsley and a squeeze of lemon</li></ul><h2>Method</h2><p>Warm the naan in a dry pan. Fry the halloumi in the same pan until golden on both sides. Pile the tomatoes, halloumi and parsley on the naan, squeeze over the lemon and eat straight away.</p>',
    author: 'Elena Costa',
    daysAgo: 9,
    icon: 'cheese',
  },
  {
    category: 'recipes',
    title: 'Slow-Cooked Lamb Shoulder with Cumin and Lemon',
    slug: 'slow-cooked-lamb-shoulder-with-cumin-and-lemon',
    excerpt: 'Four hours in a low oven, almost no effort, and meat that falls off the bone.',
    body: '<p>Ask the butcher for half a lamb shoulder, about 1kg, bone in. It feeds four with leftovers.</p><h2>Method</h2><p>Crush two teaspoons of cumin seeds with salt, garlic and the zest of a lemon. Rub it all over the lamb, put it in a roasting tin with a glass of water, cover tightly with foil and cook at 150&deg;C for four hours.</p><p>Uncover for the last 20 minutes to crisp. Shred with two forks and serve with warm flatbreads, yoghurt and a sharp salad.</p>',
    author: 'Tom Harris',
    daysAgo: 28,
    icon: 'meat',
  },
  {
    category: 'recipes',
    title: 'Leftover Sourdough Bread Pudding',
    slug: 'leftover-sourdough-bread-pudding',
    excerpt: "Rosa's way of making sure not a crumb of yesterday's loaf goes to waste.",
    body: '<p>Stale sourdough makes the best bread pudding: it soaks up custard without going soggy.</p><h2>Method</h2><ol><li>Tear 400g of stale bread into chunks and put it in a buttered dish.</li><li>Whisk 3 eggs, 400ml whole milk, 80g sugar and a pinch of cardamom.</li><li>Pour it over, leave for 20 minutes, then bake at 180&deg;C for 35 minutes.</li></ol><p>Serve warm with a spoonful of Greek yoghurt.</p>',
    author: 'Rosa Lindqvist',
    daysAgo: 61,
    icon: 'bread',
  },
  {
    category: 'shop-profiles',
    title: 'Meet Kemal of Green Barrow Greengrocer',
    slug: 'meet-kemal-of-green-barrow-greengrocer',
    excerpt: 'Up at 3am for the market, on the parade by 7: thirty-five years of selling fruit by weight.',
    body: '<p>Kemal Aydin took over the barrow from his father in 1987, and it has been on the same spot ever since, even after it grew into a proper shop.</p><blockquote>People should buy three apples if they want three apples. That is why we sell loose.</blockquote><p>His tip for the season: Alphonso mangoes, which arrive for only a few weeks. Ask him to pick you a ripe one.</p>',
    author: 'Parade Team',
    daysAgo: 13,
    icon: 'apple',
  },
  {
    category: 'shop-profiles',
    title: 'Three Generations at Cable Street Butchers',
    slug: 'three-generations-at-cable-street-butchers',
    excerpt: 'The Harris family has been cutting meat on the same corner since 1962.',
    body: '<p>Tom Harris learned to bone a lamb shoulder from his grandfather. Today he runs the shop with his sister, and still makes sausages every Thursday.</p><p>They buy whole carcasses from a handful of farms, so nothing is wasted: bones go into stock, trimmings into sausages.</p><p>Tell them what you are cooking and how many are eating, and they will tell you exactly what to buy.</p>',
    author: 'Parade Team',
    daysAgo: 38,
    icon: 'meat',
  },
  {
    category: 'shop-profiles',
    title: 'Inside Brick & Binding: The Bookshop With a Kitchen Shelf',
    slug: 'inside-brick-and-binding-the-bookshop-with-a-kitchen-shelf',
    excerpt: "Cookbooks, local history and a growing list of recipe PDFs written by the parade's own cooks.",
    body: '<p>Olu Adeyemi opened Brick &amp; Binding in a former bakery, which may explain why cookbooks took over the front table.</p><p>Last year the shop started publishing recipe PDFs by cooks from the parade. They are cheap, practical and you can download them as soon as you pay.</p><p>Saturday mornings at 11 there is story time for under-fives, with squash and biscuits.</p>',
    author: 'Parade Team',
    daysAgo: 75,
    icon: 'book',
  },
  {
    category: 'shop-profiles',
    title: '4am at Rise & Crumb',
    slug: '4am-at-rise-and-crumb',
    excerpt: 'We spent a night with the bakers to see how two hundred loaves get made before breakfast.',
    body: '<p>When most of the parade is asleep, the lights are on at Rise &amp; Crumb. Rosa and two bakers shape, proof and bake around two hundred loaves and four hundred pastries before the shutters go up.</p><p>The sourdough starter is older than the shop: Rosa brought it from Gothenburg in a jam jar.</p><p>Anything left at 5pm is half price, and what is left after that goes to the community hall.</p>',
    author: 'Parade Team',
    daysAgo: 96,
    icon: 'bread',
  },
];

export function blogPostRows(files: DemoFiles, now: Date, categoryIds: Map<string, number>) {
  return blogPostSeeds.map((post) => {
    const category = blogCategorySeeds.find((c) => c.slug === post.category)!;
    return {
      categoryId: categoryIds.get(post.category)!,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      body: post.body,
      coverImage: files.image('blog', post.slug, {
        title: post.title,
        subtitle: category.name,
        icon: post.icon,
      }),
      author: post.author,
      publishedAt: daysFrom(now, -post.daysAgo, -((post.daysAgo * 7) % 11)),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Platform deals (/ubm-offers)

interface DealSeed {
  title: string;
  description: string;
  shop: string | null;
  link: string;
  badge: string;
  /** A coupon code the deal shows: its shop's coupon, or a platform coupon (demo-promotions.ts). */
  couponCode?: string;
  /** Start and end relative to today, in days. */
  startDay: number;
  endDay: number;
  icon: DemoIcon;
}

const dealSeeds: DealSeed[] = [
  {
    title: 'Punnet season at Green Barrow',
    description: 'Any two punnets of strawberries or blueberries for £3. Mix and match.',
    shop: 'green-barrow',
    link: '/vendor/green-barrow/products',
    badge: '2 for £3',
    startDay: -5,
    endDay: 25,
    icon: 'apple',
  },
  {
    title: 'Sunday roast bundle',
    description: 'A topside joint, a kilo of Maris Pipers and a bag of carrots: save £5 when you buy all three.',
    shop: 'cable-street-butchers',
    link: '/vendor/cable-street-butchers/products',
    badge: 'Save £5',
    startDay: -10,
    endDay: 20,
    icon: 'meat',
  },
  {
    title: 'Half-price bread after 5pm',
    description: 'Every loaf left at Rise & Crumb after 5pm is half price. Collection only.',
    shop: 'rise-and-crumb',
    link: '/vendor/rise-and-crumb',
    badge: '50% off',
    startDay: -30,
    endDay: 60,
    icon: 'bread',
  },
  {
    title: 'Spice shelf 3 for 2',
    description: 'Buy any three 100g spices at Barakah Halal Grocer and the cheapest is free.',
    shop: 'barakah-halal-grocer',
    link: '/vendor/barakah-halal-grocer/products',
    badge: '3 for 2',
    startDay: -3,
    endDay: 28,
    icon: 'jar',
  },
  {
    title: 'E-book week',
    description: 'A quarter off every recipe PDF and e-book at Brick & Binding Books.',
    shop: 'brick-and-binding-books',
    link: '/products?category=books&sub=e-books',
    badge: '25% off e-books',
    couponCode: 'EBOOK25',
    startDay: -2,
    endDay: 12,
    icon: 'document',
  },
  {
    title: 'Fresh Friday, every day this month',
    description:
      'Take 10% off fruit, vegetables and bread at any shop on the parade with code FRESH10 at checkout. Parade pays the discount, not the shop.',
    shop: null,
    link: '/products?category=fruit-and-veg',
    badge: '10% off fresh',
    couponCode: 'FRESH10',
    startDay: -3,
    endDay: 30,
    icon: 'apple',
  },
  {
    title: 'Free collection, every order',
    description: 'Collect from the parade or a community collection point at no charge, whatever you spend.',
    shop: null,
    link: '/products',
    badge: 'Free collection',
    startDay: -60,
    endDay: 365,
    icon: 'pin',
  },
];

export function dealRows(files: DemoFiles, now: Date, shopIds: Map<string, number>) {
  return dealSeeds.map((deal) => ({
    title: deal.title,
    description: deal.description,
    image: files.image('deals', `${deal.shop ?? 'parade'}-${deal.badge}`.replace(/[^a-z0-9]+/gi, '-').toLowerCase(), {
      title: deal.badge,
      subtitle: deal.title,
      icon: deal.icon,
    }),
    shopId: deal.shop ? shopIds.get(deal.shop)! : null,
    link: deal.link,
    badge: deal.badge,
    couponCode: deal.couponCode ?? null,
    startsAt: daysFrom(now, deal.startDay),
    endsAt: daysFrom(now, deal.endDay),
  }));
}
