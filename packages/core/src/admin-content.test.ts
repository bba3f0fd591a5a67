import { describe, expect, it } from 'vitest';
import {
  adminBlogPostInputSchema,
  adminDealUpdateSchema,
  adminPageInputSchema,
  adminSliderInputSchema,
  contentUrlSchema,
  richTextHasContent,
} from './admin-schemas';

/** The first message of each field, as the admin's forms show them (zodValidate). */
function issues(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('content pictures and links', () => {
  it('takes a path of this site or an https address, nothing that runs or leaves through //', () => {
    for (const good of ['/uploads/content/a.png', '/products?category=fruit', 'https://cdn.example.test/x.png']) {
      expect(contentUrlSchema.safeParse(good).success, good).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      '//evil.test/x.png',
      '/\\evil.test',
      'data:image/png;base64,AA',
      'https://',
      'a.png',
    ]) {
      expect(contentUrlSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("lets a slide's optional picture and link be empty, but not its title or picture", () => {
    const result = adminSliderInputSchema.safeParse({
      type: 'home_banner',
      title: ' ',
      image: '',
      link: '',
      mobile_image: null,
    });
    expect(issues(result)).toEqual({
      title: 'This field is required.',
      image: 'This field is required.',
    });
  });
});

describe('rich text', () => {
  it('counts words and pictures, not empty markup', () => {
    expect(richTextHasContent('<p></p>')).toBe(false);
    expect(richTextHasContent('<p>&nbsp; </p><h2> </h2>')).toBe(false);
    expect(richTextHasContent('<p>Hello</p>')).toBe(true);
    expect(richTextHasContent('<p><img src="/uploads/content/a.png" alt="A tart"></p>')).toBe(true);
  });

  it('refuses a post with no words, and a publication time that is not an instant', () => {
    const result = adminBlogPostInputSchema.safeParse({
      title: 'Spring',
      category_id: 1,
      body: '<p> </p>',
      published_at: '2026-03-01 10:00',
    });
    expect(issues(result)).toMatchObject({ body: 'Write the post.', published_at: expect.any(String) });
  });
});

describe('page settings', () => {
  it('names each row that repeats a key or holds a bad picture', () => {
    const result = adminPageInputSchema.safeParse({
      title: 'About',
      settings: [
        { section: 'intro', key: 'content', value: '<p>Hi</p>' },
        { section: 'intro', key: 'content', value: '<p>Again</p>' },
        { section: 'banner', key: 'image', value: 'javascript:alert(1)', value_type: 'image' },
      ],
    });
    expect(Object.keys(issues(result)).sort()).toEqual(['settings.1.key', 'settings.2.value']);
  });
});

describe('deals', () => {
  it('wants the end after the start, in an update too', () => {
    const result = adminDealUpdateSchema.safeParse({
      starts_at: '2030-02-01T00:00:00Z',
      ends_at: '2030-01-01T00:00:00Z',
    });
    expect(issues(result)).toEqual({ ends_at: 'The end must be after the start.' });
    expect(adminDealUpdateSchema.safeParse({ ends_at: '2030-01-01T00:00:00Z' }).success).toBe(true);
  });
});
