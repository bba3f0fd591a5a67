/** A variation: name, price in pence, and optionally a higher "was" price in pence. */
export type VariationSeed = [name: string, price: number, compareAtPrice?: number];

export interface ProductSeed {
  name: string;
  /** Sub-category slug; the category follows from it. */
  sub: string;
  /** Brand name; must be one of the sub-category's brands. */
  brand: string;
  variations: VariationSeed[];
  featured?: boolean;
  /** A downloadable product: each variation is a PDF, with unlimited stock. */
  digital?: boolean;
  description?: string;
}

type Extra = Pick<ProductSeed, 'featured' | 'digital' | 'description'>;

function p(name: string, sub: string, brand: string, variations: VariationSeed[], extra: Extra = {}): ProductSeed {
  return { name, sub, brand, variations, ...extra };
}

const featured = { featured: true };

/** Each shop's stock, keyed by shop slug. Prices are in pence. */
export const productSeeds: Record<string, ProductSeed[]> = {
  'green-barrow': [
    p(
      'Braeburn Apples',
      'fresh-fruit',
      'Orchard Lane',
      [
        ['Each', 35],
        ['500g', 110],
        ['1kg', 199, 240],
      ],
      {
        ...featured,
        description: 'Crisp, sweet-sharp English Braeburns. Buy one for the lunchbox or a kilo for a crumble.',
      },
    ),
    p('Conference Pears', 'fresh-fruit', 'Orchard Lane', [
      ['500g', 120],
      ['1kg', 220],
    ]),
    p('Fairtrade Bananas', 'fresh-fruit', 'Sunny Barrow', [
      ['Each', 20],
      ['Bunch of 5', 95],
    ]),
    p('Easy Peeler Clementines', 'fresh-fruit', 'Sunny Barrow', [
      ['600g', 150],
      ['1kg', 230],
    ]),
    p(
      'Alphonso Mangoes',
      'fresh-fruit',
      'Sunny Barrow',
      [
        ['Each', 150],
        ['Box of 6', 899, 1099],
      ],
      {
        ...featured,
        description: 'The king of mangoes: fragrant, buttery and only around for a few weeks each spring.',
      },
    ),
    p('Seedless Red Grapes', 'fresh-fruit', 'Sunny Barrow', [
      ['500g', 250],
      ['1kg', 450],
    ]),
    p('Unwaxed Lemons', 'fresh-fruit', 'Sunny Barrow', [
      ['Each', 30],
      ['Bag of 4', 110],
    ]),
    p('British Strawberries', 'fresh-fruit', 'Orchard Lane', [
      ['227g punnet', 200],
      ['400g punnet', 325, 375],
    ]),
    p('Blueberries', 'fresh-fruit', 'Orchard Lane', [
      ['150g punnet', 199],
      ['300g punnet', 350],
    ]),
    p('Watermelon', 'fresh-fruit', 'Sunny Barrow', [
      ['Half', 249],
      ['Whole', 450],
    ]),
    p('Maris Piper Potatoes', 'fresh-vegetables', 'Marsh Farm Growers', [
      ['1kg', 95],
      ['2.5kg', 199],
      ['5kg', 349],
    ]),
    p('Brown Onions', 'fresh-vegetables', 'Marsh Farm Growers', [
      ['500g', 55],
      ['1kg', 99],
    ]),
    p('Red Onions', 'fresh-vegetables', 'Marsh Farm Growers', [
      ['500g', 65],
      ['1kg', 115],
    ]),
    p('Chantenay Carrots', 'fresh-vegetables', 'Marsh Farm Growers', [
      ['500g', 75],
      ['1kg', 135],
    ]),
    p('Vine Tomatoes', 'fresh-vegetables', 'Lea Valley Greens', [
      ['500g', 180],
      ['1kg', 320],
    ]),
    p('Tenderstem Broccoli', 'fresh-vegetables', 'Lea Valley Greens', [['200g', 150]]),
    p('Sweet Potatoes', 'fresh-vegetables', 'Sunny Barrow', [
      ['500g', 90],
      ['1kg', 165],
    ]),
    p('Garlic Bulbs', 'fresh-vegetables', 'Sunny Barrow', [
      ['Each', 30],
      ['Net of 3', 80],
    ]),
    p('Okra', 'fresh-vegetables', 'Sunny Barrow', [
      ['250g', 150],
      ['500g', 275],
    ]),
    p('Fresh Coriander', 'herbs-and-salad', 'Windowbox Herbs', [['Large bunch', 70]]),
    p('Flat Leaf Parsley', 'herbs-and-salad', 'Windowbox Herbs', [['Large bunch', 70]]),
    p('Baby Spinach', 'herbs-and-salad', 'Lea Valley Greens', [['200g', 135]]),
    p('Little Gem Lettuce', 'herbs-and-salad', 'Lea Valley Greens', [['Twin pack', 99]]),
    p('Free Range Eggs', 'eggs', 'Three Hens Farm', [
      ['Half dozen', 199],
      ['Dozen', 349],
    ]),
  ],
  'cable-street-butchers': [
    p('Beef Mince 15% Fat', 'beef-and-lamb', 'Cable Street Cuts', [
      ['500g', 399],
      ['1kg', 749],
    ]),
    p('Lean Steak Mince 5% Fat', 'beef-and-lamb', 'Cable Street Cuts', [
      ['500g', 499],
      ['1kg', 925],
    ]),
    p(
      'Ribeye Steak',
      'beef-and-lamb',
      'Hillside Pastures',
      [
        ['Single (250g)', 899],
        ['Pair (500g)', 1699, 1899],
      ],
      {
        ...featured,
        description: 'Dry-aged for 28 days for deep flavour and generous marbling. Rest it as long as you cook it.',
      },
    ),
    p('Sirloin Steak', 'beef-and-lamb', 'Hillside Pastures', [
      ['Single (225g)', 799],
      ['Pair (450g)', 1499],
    ]),
    p('Beef Topside Roasting Joint', 'beef-and-lamb', 'Hillside Pastures', [
      ['1kg', 1399],
      ['1.5kg', 1999],
      ['2kg', 2599, 2899],
    ]),
    p('Diced Braising Steak', 'beef-and-lamb', 'Cable Street Cuts', [
      ['500g', 549],
      ['1kg', 999],
    ]),
    p(
      'Lamb Leg Joint',
      'beef-and-lamb',
      'Hillside Pastures',
      [
        ['1kg', 1499],
        ['2kg', 2799],
      ],
      featured,
    ),
    p('Lamb Loin Chops', 'beef-and-lamb', 'Hillside Pastures', [
      ['4 pack (400g)', 799],
      ['8 pack (800g)', 1499],
    ]),
    p('Lamb Shoulder', 'beef-and-lamb', 'Hillside Pastures', [
      ['Half (1kg)', 1199],
      ['Whole (2kg)', 2199],
    ]),
    p('Whole Free Range Chicken', 'chicken-and-poultry', 'Meadow Run Poultry', [
      ['1.5kg', 899],
      ['2kg', 1149],
    ]),
    p('Chicken Breast Fillets', 'chicken-and-poultry', 'Meadow Run Poultry', [
      ['500g', 549],
      ['1kg', 999],
    ]),
    p('Chicken Thighs Bone-In', 'chicken-and-poultry', 'Meadow Run Poultry', [['1kg', 549]]),
    p('Chicken Wings', 'chicken-and-poultry', 'Cable Street Cuts', [['1kg', 449]]),
    p('Turkey Breast Steaks', 'chicken-and-poultry', 'Meadow Run Poultry', [['400g', 599]]),
    p('Pork & Leek Sausages', 'sausages-and-bacon', 'Cable Street Cuts', [
      ['6 pack', 399],
      ['12 pack', 749],
    ]),
    p('Cumberland Sausage Ring', 'sausages-and-bacon', 'Cable Street Cuts', [['454g', 549]]),
    p('Dry Cured Smoked Back Bacon', 'sausages-and-bacon', 'Old Smokehouse', [
      ['6 rashers', 349],
      ['12 rashers', 649],
    ]),
    p('Smoked Streaky Bacon', 'sausages-and-bacon', 'Old Smokehouse', [['200g', 299]]),
  ],
  'rise-and-crumb': [
    p(
      'White Sourdough Loaf',
      'bread',
      'Stepney Sourdough Co.',
      [
        ['Small (400g)', 350],
        ['Large (800g)', 550],
      ],
      {
        ...featured,
        description: 'Our house loaf: a 36-hour ferment, a blistered crust and an open, chewy crumb.',
      },
    ),
    p('Seeded Rye Loaf', 'bread', 'Stepney Sourdough Co.', [
      ['Small (400g)', 380],
      ['Large (800g)', 600],
    ]),
    p('Wholemeal Tin Loaf', 'bread', 'Rise & Crumb', [
      ['Small', 220],
      ['Large', 320],
    ]),
    p('Farmhouse White Bloomer', 'bread', 'Rise & Crumb', [
      ['Small', 250],
      ['Large', 340],
    ]),
    p('Baguette', 'bread', 'Rise & Crumb', [
      ['Demi', 130],
      ['Full', 210],
    ]),
    p('Rosemary & Sea Salt Focaccia', 'bread', 'Stepney Sourdough Co.', [
      ['Slab', 350],
      ['Whole tray', 1200],
    ]),
    p('Challah Plait', 'bread', 'Rise & Crumb', [
      ['Small', 320],
      ['Large', 480],
    ]),
    p('Butter Croissant', 'pastries-and-cakes', 'Little Bun Patisserie', [
      ['Single', 160],
      ['Box of 4', 580, 640],
    ]),
    p('Pain au Chocolat', 'pastries-and-cakes', 'Little Bun Patisserie', [
      ['Single', 180],
      ['Box of 4', 650],
    ]),
    p(
      'Cardamom Cinnamon Bun',
      'pastries-and-cakes',
      'Little Bun Patisserie',
      [
        ['Single', 250],
        ['Box of 4', 900],
      ],
      {
        ...featured,
        description: 'Swedish-style knotted buns, rolled with cinnamon butter and freshly ground cardamom.',
      },
    ),
    p('Almond Croissant', 'pastries-and-cakes', 'Little Bun Patisserie', [['Single', 280]]),
    p('Victoria Sponge', 'pastries-and-cakes', 'Rise & Crumb', [
      ['Small (6 inch)', 1250],
      ['Large (9 inch)', 1899, 2199],
    ]),
    p('Carrot Cake', 'pastries-and-cakes', 'Rise & Crumb', [
      ['Slice', 325],
      ['Whole cake', 2400],
    ]),
    p('Chocolate Brownie', 'pastries-and-cakes', 'Rise & Crumb', [
      ['Single', 275],
      ['Box of 6', 1450],
    ]),
    p('Custard Tart', 'pastries-and-cakes', 'Little Bun Patisserie', [
      ['Single', 195],
      ['Box of 4', 720],
    ]),
    p('Welsh Cakes', 'pastries-and-cakes', 'Rise & Crumb', [['Bag of 4', 300]]),
    p('Plain Bagels', 'bagels-and-flatbreads', 'Rise & Crumb', [
      ['Single', 60],
      ['Bag of 6', 320],
    ]),
    p('Sesame Bagels', 'bagels-and-flatbreads', 'Rise & Crumb', [
      ['Single', 65],
      ['Bag of 6', 350],
    ]),
    p(
      'Salt Beef Bagel',
      'bagels-and-flatbreads',
      'Rise & Crumb',
      [
        ['Regular', 650],
        ['Large', 895],
      ],
      {
        ...featured,
        description:
          'Hand-carved salt beef, hot English mustard and a pickle, in a bagel boiled and baked this morning.',
      },
    ),
    p('Hot Cross Buns', 'pastries-and-cakes', 'Rise & Crumb', [
      ['Pack of 4', 250],
      ['Pack of 6', 350],
    ]),
  ],
  'barakah-halal-grocer': [
    p('Halal Lamb Mince', 'beef-and-lamb', 'Barakah Halal Meats', [
      ['500g', 599],
      ['1kg', 1099],
    ]),
    p(
      'Halal Diced Lamb',
      'beef-and-lamb',
      'Barakah Halal Meats',
      [
        ['500g', 699],
        ['1kg', 1299],
      ],
      featured,
    ),
    p('Halal Beef Steak Strips', 'beef-and-lamb', 'Barakah Halal Meats', [['500g', 649]]),
    p('Halal Boneless Chicken Thighs', 'chicken-and-poultry', 'Barakah Halal Meats', [
      ['1kg', 699],
      ['2kg', 1299],
    ]),
    p('Halal Whole Chicken', 'chicken-and-poultry', 'Barakah Halal Meats', [
      ['1.3kg', 599],
      ['1.8kg', 799],
    ]),
    p('Halal Chicken Drumsticks', 'chicken-and-poultry', 'Barakah Halal Meats', [['1kg', 449]]),
    p(
      'Extra Long Basmati Rice',
      'rice-grains-and-pulses',
      'Golden Field',
      [
        ['1kg', 249],
        ['5kg', 1099],
        ['10kg', 1999, 2399],
      ],
      {
        ...featured,
        description: 'Aged basmati that cooks up long, separate and fragrant. The 10kg sack is our best seller.',
      },
    ),
    p('Red Split Lentils', 'rice-grains-and-pulses', 'Barakah Pantry', [
      ['500g', 149],
      ['2kg', 499],
    ]),
    p('Dried Chickpeas', 'rice-grains-and-pulses', 'Barakah Pantry', [
      ['500g', 139],
      ['2kg', 459],
    ]),
    p('Chapatti Flour', 'rice-grains-and-pulses', 'Golden Field', [
      ['1.5kg', 249],
      ['10kg', 1199],
    ]),
    p('Chopped Tomatoes', 'tins-and-jars', 'Harbour Larder', [
      ['400g tin', 55],
      ['4 x 400g tins', 199],
    ]),
    p('Coconut Milk', 'tins-and-jars', 'Barakah Pantry', [['400ml tin', 129]]),
    p('Mango Chutney', 'tins-and-jars', 'Barakah Pantry', [['340g jar', 199]]),
    p('Garam Masala', 'spices-and-seasonings', 'Spice Route Traders', [
      ['100g', 149],
      ['400g', 449],
    ]),
    p('Ground Turmeric', 'spices-and-seasonings', 'Spice Route Traders', [
      ['100g', 119],
      ['400g', 349],
    ]),
    p('Cumin Seeds', 'spices-and-seasonings', 'Spice Route Traders', [
      ['100g', 129],
      ['400g', 399],
    ]),
    p('Green Cardamom Pods', 'spices-and-seasonings', 'Spice Route Traders', [
      ['50g', 249],
      ['200g', 799],
    ]),
    p(
      'Medjool Dates',
      'dried-fruit-and-nuts',
      'Barakah Pantry',
      [
        ['500g', 699],
        ['1kg', 1299, 1499],
      ],
      featured,
    ),
    p('Roasted Pistachios', 'dried-fruit-and-nuts', 'Golden Field', [
      ['200g', 399],
      ['500g', 899],
    ]),
    p('Pure Ghee', 'oils-and-vinegars', 'Barakah Pantry', [
      ['500g', 699],
      ['1kg', 1249],
    ]),
    p('Mango Lassi', 'juices-and-soft-drinks', 'Squeeze East', [
      ['500ml', 179],
      ['1 litre', 299],
    ]),
    p('Natural Set Yoghurt', 'yoghurt', 'Thames Meadow', [
      ['500g', 129],
      ['1kg', 219],
    ]),
    p('Karak Chai Tea Bags', 'tea-and-coffee', 'Chai Corner', [
      ['80 bags', 249],
      ['240 bags', 649],
    ]),
    p('Fresh Whole Milk', 'milk', 'Daisyfield Dairy', [
      ['1 pint', 75],
      ['2 pints', 115],
      ['4 pints', 165],
    ]),
    p('Tandoori Naan', 'bagels-and-flatbreads', 'Barakah Tandoor', [
      ['Pack of 2', 150],
      ['Pack of 6', 399],
    ]),
  ],
  'the-stepney-deli': [
    p(
      'Farmhouse Mature Cheddar',
      'cheese',
      'Cellar & Rind',
      [
        ['200g', 325],
        ['400g', 599],
      ],
      {
        ...featured,
        description: 'Clothbound and aged for 14 months: nutty, crumbly and with a long, savoury finish.',
      },
    ),
    p('Blue Stilton Wedge', 'cheese', 'Cellar & Rind', [['200g', 399]]),
    p('Halloumi', 'cheese', 'Aegean Table', [
      ['250g', 275],
      ['2 x 250g', 499],
    ]),
    p('Barrel-Aged Feta', 'cheese', 'Aegean Table', [
      ['200g', 250],
      ['400g', 449],
    ]),
    p('Buffalo Mozzarella', 'cheese', 'Cellar & Rind', [['125g', 199]]),
    p('Six Month Manchego', 'cheese', 'Cellar & Rind', [
      ['150g', 450],
      ['300g', 850],
    ]),
    p('Greek Style Yoghurt', 'yoghurt', 'Aegean Table', [
      ['500g', 229],
      ['1kg', 399],
    ]),
    p('Organic Semi-Skimmed Milk', 'milk', 'Thames Meadow', [
      ['1 litre', 135],
      ['2 litres', 225],
    ]),
    p('Salted Farmhouse Butter', 'butter-and-spreads', 'Daisyfield Dairy', [['250g', 229]]),
    p('Kalamata Olives', 'tins-and-jars', 'Aegean Table', [
      ['200g tub', 299],
      ['500g tub', 649],
    ]),
    p('Sun-Dried Tomatoes in Oil', 'tins-and-jars', 'Harbour Larder', [['280g jar', 349]]),
    p('Roasted Red Peppers', 'tins-and-jars', 'Harbour Larder', [['290g jar', 279]]),
    p('Basil Pesto', 'tins-and-jars', 'Nonna Rosa', [['190g jar', 349]]),
    p(
      'Cold-Pressed Extra Virgin Olive Oil',
      'oils-and-vinegars',
      'Aegean Table',
      [
        ['500ml', 699],
        ['1 litre', 1199],
        ['3 litre tin', 2999, 3499],
      ],
      featured,
    ),
    p('Aged Balsamic Vinegar', 'oils-and-vinegars', 'Cellar & Rind', [['250ml', 599]]),
    p('Bronze-Cut Spaghetti', 'pasta-and-noodles', 'Nonna Rosa', [
      ['500g', 199],
      ['1kg', 349],
    ]),
    p('Rigatoni', 'pasta-and-noodles', 'Nonna Rosa', [['500g', 199]]),
    p('Fresh Egg Tagliatelle', 'pasta-and-noodles', 'Nonna Rosa', [
      ['250g', 275],
      ['500g', 499],
    ]),
    p(
      'Single Origin Coffee Beans',
      'tea-and-coffee',
      'Brick Lane Roasters',
      [
        ['250g', 799],
        ['1kg', 2599],
      ],
      featured,
    ),
    p('Espresso Blend Ground Coffee', 'tea-and-coffee', 'Brick Lane Roasters', [['250g', 699]]),
    p('Sparkling Elderflower Presse', 'juices-and-soft-drinks', 'Fizzwell', [
      ['275ml', 149],
      ['750ml', 299],
    ]),
    p('Cloudy Apple Juice', 'juices-and-soft-drinks', 'Squeeze East', [['1 litre', 249]]),
  ],
  'jubilee-hardware': [
    p('Claw Hammer', 'tools-and-diy', 'Ironmonger & Sons', [
      ['16oz', 1299],
      ['20oz', 1599],
    ]),
    p(
      'Screwdriver Set',
      'tools-and-diy',
      'Fixwell',
      [
        ['6 piece', 899],
        ['12 piece', 1499, 1799],
      ],
      featured,
    ),
    p('Tape Measure', 'tools-and-diy', 'Fixwell', [
      ['5m', 599],
      ['8m', 899],
    ]),
    p('Assorted Wood Screws', 'tools-and-diy', 'Ironmonger & Sons', [
      ['Box of 200', 499],
      ['Box of 500', 999],
    ]),
    p('Picture Hanging Kit', 'tools-and-diy', 'Fixwell', [['Standard', 399]]),
    p('Duct Tape', 'tools-and-diy', 'Fixwell', [
      ['25m', 399],
      ['50m', 649],
    ]),
    p('LED Light Bulb', 'electrical-and-lighting', 'Brightway', [
      ['E27 screw, single', 299],
      ['E27 screw, pack of 4', 999, 1196],
      ['B22 bayonet, pack of 4', 999, 1196],
    ]),
    p('4 Way Extension Lead', 'electrical-and-lighting', 'Brightway', [
      ['2m', 999],
      ['5m', 1399],
    ]),
    p('AA Alkaline Batteries', 'electrical-and-lighting', 'Brightway', [
      ['Pack of 4', 349],
      ['Pack of 12', 899],
    ]),
    p('Rechargeable LED Torch', 'electrical-and-lighting', 'Fixwell', [['Standard', 1499]]),
    p('Washing Up Liquid', 'cleaning', 'Sparkle & Co', [
      ['500ml', 120],
      ['1 litre', 199],
    ]),
    p(
      'Eco Laundry Liquid',
      'cleaning',
      'GreenSuds',
      [
        ['1 litre (25 washes)', 499],
        ['2 litres (50 washes)', 899],
      ],
      {
        ...featured,
        description: 'Plant-based, refillable and gentle on sensitive skin. Bring the bottle back for a refill.',
      },
    ),
    p('Multi-Surface Cleaner Spray', 'cleaning', 'Sparkle & Co', [['750ml', 175]]),
    p('Microfibre Cloths', 'cleaning', 'Sparkle & Co', [
      ['Pack of 5', 299],
      ['Pack of 10', 499],
    ]),
    p('Heavy Duty Bin Bags', 'cleaning', 'Sparkle & Co', [
      ['Roll of 20', 249],
      ['Roll of 50', 499],
    ]),
    p('Peat-Free Compost', 'garden-and-outdoor', 'Greenthumb', [
      ['10 litres', 499],
      ['40 litres', 999],
    ]),
    p('Terracotta Plant Pot', 'garden-and-outdoor', 'Greenthumb', [
      ['Small (12cm)', 299],
      ['Medium (20cm)', 599],
      ['Large (30cm)', 1099],
    ]),
    p('Gardening Gloves', 'garden-and-outdoor', 'Ironmonger & Sons', [
      ['Medium', 499],
      ['Large', 499],
    ]),
  ],
  'bluebell-chemist': [
    p('Paracetamol 500mg Tablets', 'pain-relief-and-remedies', 'Bluebell Pharmacy', [['16 tablets', 59]]),
    p('Ibuprofen 200mg Tablets', 'pain-relief-and-remedies', 'Bluebell Pharmacy', [['16 tablets', 69]]),
    p('Cold & Flu Relief Capsules', 'pain-relief-and-remedies', 'Stepney Remedies', [['16 capsules', 299]]),
    p('Honey & Lemon Throat Lozenges', 'pain-relief-and-remedies', 'Stepney Remedies', [['24 lozenges', 249]]),
    p('Antiseptic Cream', 'pain-relief-and-remedies', 'Bluebell Pharmacy', [['30g', 225]]),
    p('Assorted Fabric Plasters', 'pain-relief-and-remedies', 'Bluebell Pharmacy', [
      ['Pack of 20', 199],
      ['Pack of 40', 349],
    ]),
    p(
      'Vitamin D3 1000IU',
      'vitamins-and-supplements',
      'VitaDay',
      [
        ['90 tablets', 499],
        ['180 tablets', 849],
      ],
      {
        ...featured,
        description: 'One small tablet a day. Recommended for everyone in the UK through the autumn and winter.',
      },
    ),
    p('Multivitamins & Minerals', 'vitamins-and-supplements', 'VitaDay', [
      ['30 tablets', 399],
      ['90 tablets', 999, 1199],
    ]),
    p('Effervescent Vitamin C & Zinc', 'vitamins-and-supplements', 'VitaDay', [['20 tablets', 229]]),
    p('Omega-3 Fish Oil', 'vitamins-and-supplements', 'Bluebell Pharmacy', [['60 capsules', 599]]),
    p('Hand Wash', 'toiletries', 'Pure Petal', [
      ['250ml pump', 149],
      ['1 litre refill', 399],
    ]),
    p('Sensitive Toothpaste', 'toiletries', 'Fresh Mint Co.', [['75ml', 299]]),
    p('Bamboo Toothbrush', 'toiletries', 'Fresh Mint Co.', [
      ['Single', 250],
      ['Family pack of 4', 799],
    ]),
    p('Moisturising Body Lotion', 'toiletries', 'Pure Petal', [
      ['250ml', 449],
      ['400ml', 649],
    ]),
    p('Sun Cream SPF 50', 'toiletries', 'Pure Petal', [['200ml', 899, 1099]], featured),
    p('Fragrance Free Baby Wipes', 'baby-care', 'Little Sprout', [
      ['Pack of 56', 149],
      ['4 packs of 56', 499],
    ]),
    p('Nappy Cream', 'baby-care', 'Little Sprout', [['100g', 399]]),
    p('Gentle Baby Shampoo', 'baby-care', 'Pure Petal', [['300ml', 279]]),
  ],
  'brick-and-binding-books': [
    p(
      'The Parade Cookbook',
      'cookbooks',
      'Parade Press',
      [
        ['Paperback', 1499],
        ['Hardback', 2499],
      ],
      {
        ...featured,
        description: 'Eighty recipes from the shopkeepers of Jubilee Parade, from Sunday roast to Saturday bagels.',
      },
    ),
    p('Spice Box: Home Cooking from Bengal to Brick Lane', 'cookbooks', 'Spoon & Page', [
      ['Paperback', 1699],
      ['Hardback', 2599],
    ]),
    p('One Pot Suppers', 'cookbooks', 'Spoon & Page', [['Paperback', 1299]]),
    p('Bread on the Parade', 'cookbooks', 'Parade Press', [['Hardback', 2000]]),
    p('Whitechapel: Streets and Stories', 'local-history', 'Eastside Histories', [
      ['Paperback', 1299],
      ['Hardback', 2299],
    ]),
    p('Docklands Remembered', 'local-history', 'Eastside Histories', [['Paperback', 1499]]),
    p('The Markets of East London', 'local-history', 'Parade Press', [['Paperback', 1199]]),
    p('Stepney Green Then and Now', 'local-history', 'Eastside Histories', [['Hardback', 1999]]),
    p('Maisie Goes to Market', 'childrens-books', 'Puddle Lane Books', [
      ['Paperback', 699],
      ['Board book', 799],
    ]),
    p('The Fox Who Ran the Corner Shop', 'childrens-books', 'Puddle Lane Books', [['Paperback', 799]]),
    p('Counting Apples', 'childrens-books', 'Puddle Lane Books', [['Board book', 599]]),
    p('30 Weeknight Curries', 'e-books', 'Parade Press Digital', [['Recipe PDF', 499]], {
      digital: true,
      featured: true,
      description:
        'Thirty curries that take under 40 minutes, from the cooks of the parade. A PDF to keep on your phone.',
    }),
    p(
      'The Parade Baking Book',
      'e-books',
      'Parade Press Digital',
      [
        ['E-book PDF', 699],
        ['E-book PDF with printable recipe cards', 999],
      ],
      { digital: true },
    ),
    p('Whitechapel Walks: Five Self-Guided Routes', 'e-books', 'Parade Press Digital', [['E-book PDF', 399]], {
      digital: true,
    }),
    p('Ramadan Kitchen: Iftar Recipes', 'e-books', 'Spoon & Page', [['Recipe PDF', 599]], { digital: true }),
    p('Family Meals Under £2 a Head', 'e-books', 'Spoon & Page', [['Recipe PDF', 299]], { digital: true }),
    p('Pickles & Preserves', 'e-books', 'Spoon & Page', [['Recipe PDF', 449]], { digital: true }),
    p('East End Stories: Local History Bundle', 'e-books', 'Parade Press Digital', [['E-book PDF', 899, 1299]], {
      digital: true,
    }),
  ],
};
