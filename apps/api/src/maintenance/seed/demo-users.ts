import { demoPasswords, hashPassword } from '../../modules/auth';
import { shopSeeds } from './demo-shops';

export interface DemoAccount {
  role: 'customer' | 'vendor' | 'admin';
  email: string;
  password: string;
  /** The vendor's shop slug. */
  shop?: string;
}

/**
 * The demo accounts' fixed passwords, printed at start-up and named in the README. They are
 * public on purpose: demo data only, never for a real deployment. The auth module keeps them,
 * so that no real account can choose one.
 */
export { demoPasswords };

export const demoCustomer = {
  name: 'Priya Shah',
  email: 'customer@parade.test',
  phone: '07700 900123',
};

export const demoAdmin = {
  name: 'Parade Admin',
  email: 'admin@parade.test',
  phone: '020 7946 0100',
};

export function vendorEmail(shopSlug: string): string {
  return `vendor.${shopSlug}@parade.test`;
}

/** The customer's saved default address, in E1 (inside the delivery radius). */
export const demoCustomerAddress = {
  label: 'Home',
  name: demoCustomer.name,
  phone: demoCustomer.phone,
  line1: 'Flat 4, 27 Sidney Street',
  line2: null,
  city: 'London',
  postcode: 'E1 2HQ',
  isDefault: true,
};

/** Reward points the customer already holds, by shop slug. */
export const demoCustomerPoints: Record<string, number> = {
  'green-barrow': 250,
  'rise-and-crumb': 250,
};

/**
 * User rows for the customer, one vendor per shop and the admin. Each distinct password is
 * hashed once (scrypt is deliberately slow) and the hash shared by every vendor.
 */
export async function demoUserRows(passwordHashCost: number) {
  const [customerHash, vendorHash, adminHash] = await Promise.all([
    hashPassword(demoPasswords.customer, passwordHashCost),
    hashPassword(demoPasswords.vendor, passwordHashCost),
    hashPassword(demoPasswords.admin, passwordHashCost),
  ]);
  return [
    { ...demoCustomer, passwordHash: customerHash, role: 'customer' as const },
    ...shopSeeds.map((shop) => ({
      name: shop.owner,
      email: vendorEmail(shop.slug),
      phone: shop.phone,
      passwordHash: vendorHash,
      role: 'vendor' as const,
    })),
    { ...demoAdmin, passwordHash: adminHash, role: 'admin' as const },
  ];
}

/** What start-up prints and tests log in with. */
export function demoAccounts(): DemoAccount[] {
  return [
    { role: 'customer', email: demoCustomer.email, password: demoPasswords.customer },
    ...shopSeeds.map((shop) => ({
      role: 'vendor' as const,
      email: vendorEmail(shop.slug),
      password: demoPasswords.vendor,
      shop: shop.slug,
    })),
    { role: 'admin', email: demoAdmin.email, password: demoPasswords.admin },
  ];
}
