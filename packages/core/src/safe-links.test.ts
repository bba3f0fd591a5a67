import { describe, expect, it } from 'vitest';
import { adminSettingsUpdateSchema, adminSliderInputSchema } from './admin-schemas';
import { isLoopbackUrl, isSafeLink, isUploadPath, safeHref, safeLinkSchema, uploadPathSchema } from './safe-links';
import { vendorShopUpdateSchema } from './vendor-schemas';

/** Links that run script, leave the site unseen, or mean something else to a browser than to a check. */
const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\u0000script:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript&#58;alert(1)',
  'javascript&colon;alert(1)',
  '&#106;avascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'file:///etc/passwd',
  'blob:https://parade.test/0',
  '//evil.test/x.png',
  '///evil.test',
  '/\\evil.test',
  '\\\\evil.test',
  '/\t/evil.test',
  '/\n/evil.test',
  '/&#47;evil.test',
  'http://evil.test/x.png',
  'https:evil.test',
  'https:/evil.test',
  'https://',
  'https://parade.test@evil.test/',
  'https://user:pass@evil.test/',
  'https://evil.test/\u202Egnp.exe',
  'https://evil.test/a b',
  'https://evil\u200B.test/',
  'evil.test',
  'x.png',
  '',
];

describe('safe links', () => {
  it('takes a path of this site or an https address', () => {
    for (const good of [
      '/',
      '/products?category=fruit-and-veg&sub=fresh-fruit',
      '/vendor/green-barrow/products',
      '/uploads/shops/3-logo-ab12.png',
      'https://www.facebook.com/parade.e1',
      'HTTPS://cdn.example.test/x.png?w=600#top',
    ]) {
      expect(isSafeLink(good), good).toBe(true);
      expect(safeHref(good), good).toBe(good);
    }
  });

  it('refuses every scheme but https, protocol-relative addresses and whitespace, control or entity tricks', () => {
    for (const bad of HOSTILE) {
      expect(isSafeLink(bad), JSON.stringify(bad)).toBe(false);
      expect(safeHref(bad), JSON.stringify(bad)).toBeNull();
      expect(safeLinkSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('safeHref trims what a form left around a good link, and gives null for nothing', () => {
    expect(safeHref('  /offers \n')).toBe('/offers');
    expect(safeHref(null)).toBeNull();
    expect(safeHref(undefined)).toBeNull();
    expect(safeHref('   ')).toBeNull();
  });

  it('refuses a link longer than 500 characters', () => {
    expect(isSafeLink(`/${'a'.repeat(499)}`)).toBe(true);
    expect(isSafeLink(`/${'a'.repeat(500)}`)).toBe(false);
  });
});

describe('upload paths', () => {
  it('takes only files under /uploads/, never a climb out of it, a query or an outside address', () => {
    for (const good of ['/uploads/shops/3-logo-ab12.png', '/uploads/demo/slides/green-barrow-1.svg']) {
      expect(isUploadPath(good), good).toBe(true);
    }
    for (const bad of [
      '/uploads/offers/shop1-../../shops/2-logo.png',
      '/uploads/shops/3-logo.png?x=1',
      '/uploads/shops/3-logo.png#x',
      '/uploads/x',
      '/uploads//shops/3.png',
      '/products/x.png',
      'https://parade.test/uploads/shops/3.png',
      '//uploads/shops/3.png',
      ...HOSTILE,
    ]) {
      expect(isUploadPath(bad), JSON.stringify(bad)).toBe(false);
      expect(uploadPathSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('the schemas that store links and pictures', () => {
  const slide = {
    title: 'Fresh fruit',
    caption: 'Every morning',
    image: '/uploads/shops/3-banner-ab12.png',
    mobile_image: null,
    action_link: '/products',
    action_text: 'Shop now',
  };

  it("PUT vendor/shop: a slide's pictures are uploads, its link safe; each refusal names its field", () => {
    expect(vendorShopUpdateSchema.safeParse({ slides: [slide] }).success).toBe(true);
    const result = vendorShopUpdateSchema.safeParse({
      slides: [
        { ...slide, action_link: 'javascript:alert(1)' },
        { ...slide, image: 'data:image/png;base64,AA' },
        { ...slide, mobile_image: '//evil.test/x.png' },
        { ...slide, image: 'https://tracker.example/pixel.png' },
      ],
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'slides.0.action_link',
      'slides.1.image',
      'slides.2.mobile_image',
      'slides.3.image',
    ]);
  });

  it("PUT vendor/shop: an empty mobile picture or link is none (null), not ''", () => {
    const parsed = vendorShopUpdateSchema.parse({ slides: [{ ...slide, mobile_image: '', action_link: ' ' }] });
    expect(parsed.slides?.[0]).toMatchObject({ mobile_image: null, action_link: null });
  });

  it('admin sliders and settings: no http, javascript: or data: pictures and links', () => {
    const base = { type: 'home_banner', title: 'Banner', image: '/uploads/content/a.png' };
    expect(adminSliderInputSchema.safeParse(base).success).toBe(true);
    expect(adminSliderInputSchema.safeParse({ ...base, link: 'java\tscript:alert(1)' }).success).toBe(false);
    expect(adminSliderInputSchema.safeParse({ ...base, image: 'http://cdn.example.test/a.png' }).success).toBe(false);
    expect(adminSettingsUpdateSchema.safeParse({ site_logo_small: 'javascript:alert(1)' }).success).toBe(false);
    expect(adminSettingsUpdateSchema.safeParse({ site_logo_small: '/uploads/demo/logo.svg' }).success).toBe(true);
    expect(adminSettingsUpdateSchema.safeParse({ facebook_url: '/not-a-social-page' }).success).toBe(false);
    expect(adminSettingsUpdateSchema.safeParse({ facebook_url: 'https://www.facebook.com/x' }).success).toBe(true);
  });
});

describe('isLoopbackUrl', () => {
  it('knows the addresses a phone cannot reach', () => {
    for (const link of [
      'http://localhost:3000/green-barrow/my-offer',
      'http://127.0.0.1:3000/x',
      'http://127.4.5.6/x',
      'http://[::1]:3000/x',
      'http://0.0.0.0:3000/',
      'http://shop.localhost/x',
    ]) {
      expect(isLoopbackUrl(link), link).toBe(true);
    }
    for (const link of [
      'https://parade.example/x',
      'http://192.168.1.20:3000/x',
      'not a link',
      'http://localhost.example/',
    ]) {
      expect(isLoopbackUrl(link), link).toBe(false);
    }
  });
});
