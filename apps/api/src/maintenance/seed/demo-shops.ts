import type { ShopSlide } from '../../modules/shops/shops.tables';
import type { DemoFiles } from './demo-files';
import type { DemoIcon } from './demo-images';

/** One shop of the demo parade, its owner and its look. */
export interface ShopSeed {
  name: string;
  slug: string;
  /** Prefix of the shop's SKUs. */
  skuPrefix: string;
  /** Background hue of every picture of the shop. */
  hue: number;
  icon: DemoIcon;
  tagline: string;
  description: string;
  address: string;
  postcode: string;
  latitude: number;
  longitude: number;
  phone: string;
  isFeatured: boolean;
  owner: string;
  /**
   * Set for the VAT-registered shops (their invoices show VAT): made-up numbers of the right form,
   * all GB999..., like HMRC's own specimen GB999 9999 73, so none is a real business's.
   */
  vatNumber?: string;
  slides: { title: string; caption: string; actionText: string; actionLink: string }[];
}

export const shopSeeds: ShopSeed[] = [
  {
    name: 'Green Barrow Greengrocer',
    slug: 'green-barrow',
    skuPrefix: 'GB',
    hue: 105,
    icon: 'apple',
    tagline: 'Loose fruit and veg, weighed while you wait',
    description:
      'Family-run since 1987, Green Barrow buys from the wholesale market before dawn and sells loose, by weight, so you take exactly what you need. Bring your own bags and we will knock 5p off.',
    address: '2 Jubilee Parade, Commercial Street',
    postcode: 'E1 6AN',
    latitude: 51.51906,
    longitude: -0.07365,
    phone: '020 7946 0101',
    isFeatured: true,
    owner: 'Kemal Aydin',
    slides: [
      {
        title: 'Mango season is here',
        caption: 'Sweet Alphonso mangoes by the box, while they last.',
        actionText: 'Shop fruit',
        actionLink: '/products?category=fruit-and-veg&sub=fresh-fruit',
      },
      {
        title: 'Buy loose, waste less',
        caption: 'Every apple, onion and potato sold by weight.',
        actionText: 'See the barrow',
        actionLink: '/vendor/green-barrow/products',
      },
      {
        title: 'Herbs picked this week',
        caption: 'Big bunches of coriander, parsley and mint.',
        actionText: 'Fresh herbs',
        actionLink: '/products?category=fruit-and-veg&sub=herbs-and-salad',
      },
    ],
  },
  {
    name: 'Cable Street Butchers',
    slug: 'cable-street-butchers',
    skuPrefix: 'CS',
    hue: 4,
    icon: 'meat',
    tagline: 'Traditional cuts, hung and prepared on site',
    description:
      'Three generations of butchers on the same corner. Grass-fed beef and lamb from small farms, free-range chicken, and sausages made in the back every Thursday.',
    address: '148 Cable Street',
    postcode: 'E1 8JQ',
    latitude: 51.51062,
    longitude: -0.05948,
    phone: '020 7946 0102',
    isFeatured: true,
    owner: 'Tom Harris',
    vatNumber: 'GB999000101',
    slides: [
      {
        title: 'The Sunday roast, sorted',
        caption: 'Topside, leg of lamb or a whole bird: we will tie it and tell you the timings.',
        actionText: 'Roasting joints',
        actionLink: '/vendor/cable-street-butchers/products',
      },
      {
        title: 'Sausage Thursday',
        caption: 'Fresh pork and leek links, made on the premises.',
        actionText: 'Order sausages',
        actionLink: '/products?category=meat-and-poultry&sub=sausages-and-bacon',
      },
    ],
  },
  {
    name: 'Rise & Crumb Bakery',
    slug: 'rise-and-crumb',
    skuPrefix: 'RC',
    hue: 32,
    icon: 'bread',
    tagline: 'Sourdough, bagels and pastries baked through the night',
    description:
      'Our ovens fire up at 4am. Slow-fermented loaves, flaky pastries and the salt beef bagels the parade queues for on a Saturday. Whatever is left at 5pm goes half price.',
    address: '6 Jubilee Parade, Commercial Street',
    postcode: 'E1 6AN',
    latitude: 51.51912,
    longitude: -0.0734,
    phone: '020 7946 0103',
    isFeatured: true,
    owner: 'Rosa Lindqvist',
    slides: [
      {
        title: 'Fresh out of the oven',
        caption: 'White sourdough, seeded rye and a daily bloomer.',
        actionText: 'Order bread',
        actionLink: '/products?category=bakery&sub=bread',
      },
      {
        title: 'Pastry box Saturdays',
        caption: 'Croissants, pain au chocolat and cinnamon buns by the box.',
        actionText: 'Pastries',
        actionLink: '/products?category=bakery&sub=pastries-and-cakes',
      },
      {
        title: 'Half price after 5pm',
        caption: 'Nothing goes to waste on the parade.',
        actionText: 'See deals',
        actionLink: '/ubm-offers',
      },
    ],
  },
  {
    name: 'Barakah Halal Grocer',
    slug: 'barakah-halal-grocer',
    skuPrefix: 'BH',
    hue: 160,
    icon: 'basket',
    tagline: 'Halal meat, rice, spices and everyday essentials',
    description:
      'A proper neighbourhood grocer: a certified halal meat counter, sacks of basmati, a wall of spices and fresh milk every morning. Open late seven days a week.',
    address: '211 Commercial Road',
    postcode: 'E1 2BT',
    latitude: 51.51448,
    longitude: -0.05566,
    phone: '020 7946 0104',
    isFeatured: true,
    owner: 'Yusuf Rahman',
    slides: [
      {
        title: 'Rice and spices by the sack',
        caption: 'Big bags of basmati and whole spices at wholesale prices.',
        actionText: 'Pantry',
        actionLink: '/products?category=pantry',
      },
      {
        title: 'Fresh halal meat daily',
        caption: 'Lamb, chicken and beef cut to order at our counter.',
        actionText: 'Meat counter',
        actionLink: '/vendor/barakah-halal-grocer/products',
      },
    ],
  },
  {
    name: 'The Stepney Deli',
    slug: 'the-stepney-deli',
    skuPrefix: 'SD',
    hue: 72,
    icon: 'cheese',
    tagline: 'Cheese, olives, oils and good coffee',
    description:
      'A small deli with a big cheese counter. We taste everything we sell: farmhouse cheddar, Greek feta, fresh pasta, single-origin coffee roasted a mile away and olive oil by the tin.',
    address: '31 Stepney Green',
    postcode: 'E1 3JX',
    latitude: 51.52151,
    longitude: -0.04642,
    phone: '020 7946 0105',
    isFeatured: false,
    owner: 'Elena Costa',
    slides: [
      {
        title: 'The cheese counter',
        caption: 'Cut to order, wrapped in paper, with tasting notes.',
        actionText: 'Cheese',
        actionLink: '/products?category=dairy-and-eggs&sub=cheese',
      },
      {
        title: 'Oil by the tin',
        caption: 'Cold-pressed extra virgin olive oil, 3 litre tins.',
        actionText: 'Oils',
        actionLink: '/products?category=pantry&sub=oils-and-vinegars',
      },
    ],
  },
  {
    name: 'Jubilee Hardware',
    slug: 'jubilee-hardware',
    skuPrefix: 'JH',
    hue: 212,
    icon: 'tool',
    tagline: 'Screws by the box, bulbs, bin bags and good advice',
    description:
      'If we do not have it, you probably do not need it. Tools, fixings, cleaning supplies, light bulbs and compost, plus a key-cutting machine and friendly advice for every DIY job.',
    address: '10 Jubilee Parade, Commercial Street',
    postcode: 'E1 6AN',
    latitude: 51.51918,
    longitude: -0.07318,
    phone: '020 7946 0106',
    isFeatured: false,
    owner: 'Gary Moss',
    vatNumber: 'GB999000202',
    slides: [
      {
        title: 'Spring clean essentials',
        caption: 'Eco laundry liquid, microfibre cloths and heavy-duty bin bags.',
        actionText: 'Cleaning',
        actionLink: '/products?category=household-and-hardware&sub=cleaning',
      },
      {
        title: 'Balcony gardening',
        caption: 'Peat-free compost and terracotta pots in three sizes.',
        actionText: 'Garden',
        actionLink: '/products?category=household-and-hardware&sub=garden-and-outdoor',
      },
    ],
  },
  {
    name: 'Bluebell Chemist',
    slug: 'bluebell-chemist',
    skuPrefix: 'BC',
    hue: 248,
    icon: 'cross',
    tagline: 'Everyday remedies, vitamins and toiletries',
    description:
      'Your local chemist-goods shop for the things you need in a hurry: pain relief, plasters, cold and flu remedies, vitamins, baby care and toiletries. Ask us about the winter vitamin D bundle.',
    address: '88 Bethnal Green Road',
    postcode: 'E2 6DG',
    latitude: 51.52634,
    longitude: -0.06683,
    phone: '020 7946 0107',
    isFeatured: true,
    owner: 'Nadia Begum',
    vatNumber: 'GB999000303',
    slides: [
      {
        title: 'Beat the winter sniffles',
        caption: 'Cold and flu relief, lozenges and vitamin C.',
        actionText: 'Remedies',
        actionLink: '/products?category=health-and-beauty&sub=pain-relief-and-remedies',
      },
      {
        title: 'Vitamin D for darker days',
        caption: 'The NHS suggests a daily supplement from October to March.',
        actionText: 'Vitamins',
        actionLink: '/products?category=health-and-beauty&sub=vitamins-and-supplements',
      },
    ],
  },
  {
    name: 'Brick & Binding Books',
    slug: 'brick-and-binding-books',
    skuPrefix: 'BB',
    hue: 345,
    icon: 'book',
    tagline: 'Cookbooks, local history and recipe e-books',
    description:
      'An independent bookshop with a kitchen shelf. Printed cookbooks and East End histories in the shop, plus recipe PDFs and e-books you can download the minute you pay.',
    address: '54 Burdett Road',
    postcode: 'E3 4TN',
    latitude: 51.52013,
    longitude: -0.03243,
    phone: '020 7946 0108',
    isFeatured: true,
    owner: 'Olu Adeyemi',
    slides: [
      {
        title: 'Recipes to download tonight',
        caption: 'Recipe PDFs from parade cooks, instantly in your account.',
        actionText: 'E-books',
        actionLink: '/products?category=books&sub=e-books',
      },
      {
        title: 'Know your neighbourhood',
        caption: 'Histories of Whitechapel, Stepney and the Docklands.',
        actionText: 'Local history',
        actionLink: '/products?category=books&sub=local-history',
      },
      {
        title: 'Story time on Saturdays',
        caption: 'Picture books for little ones, and a reading corner at 11am.',
        actionText: "Children's books",
        actionLink: '/products?category=books&sub=childrens-books',
      },
    ],
  },
];

/** The shops' insert rows, with their logo, banner and slide pictures registered. */
export function shopRows(files: DemoFiles) {
  return shopSeeds.map((shop) => {
    const picture = { hue: shop.hue, icon: shop.icon };
    const slides: ShopSlide[] = shop.slides.map((slide, i) => ({
      title: slide.title,
      caption: slide.caption,
      image: files.image('slides', `${shop.slug}-${i + 1}`, { ...picture, title: slide.title, subtitle: shop.name }),
      mobile_image: files.image('slides-mobile', `${shop.slug}-${i + 1}`, {
        ...picture,
        title: slide.title,
        subtitle: shop.name,
      }),
      action_link: slide.actionLink,
      action_text: slide.actionText,
    }));
    return {
      name: shop.name,
      slug: shop.slug,
      tagline: shop.tagline,
      description: shop.description,
      logo: files.image('logos', shop.slug, { hue: shop.hue, title: shop.name }),
      banner: files.image('banners', shop.slug, { ...picture, title: shop.name, subtitle: shop.tagline }),
      slides,
      address: shop.address,
      city: 'London',
      postcode: shop.postcode,
      latitude: shop.latitude,
      longitude: shop.longitude,
      phone: shop.phone,
      email: `hello@${shop.slug}.parade.test`,
      pointsPerPound: 1,
      vatNumber: shop.vatNumber ?? null,
      isFeatured: shop.isFeatured,
    };
  });
}
