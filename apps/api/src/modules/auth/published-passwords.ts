/**
 * The demo accounts' fixed passwords, printed at start-up and named in the README. They are
 * public on purpose (demo data only), which is why the password rules refuse them and the words
 * they are made of for every real account (password-policy.ts). The demo seed uses them.
 */
export const demoPasswords = {
  customer: 'parade-customer-2026',
  vendor: 'parade-vendor-2026',
  admin: 'parade-admin-2026',
} as const;
