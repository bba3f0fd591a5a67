import { describe, expect, it } from 'vitest';
import {
  DOWNLOAD_LINK_REFRESH_MARGIN_MS,
  digitalProductsQuerySchema,
  downloadLinkNeedsRefresh,
} from './digital-product-schemas';

describe('downloadLinkNeedsRefresh', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');

  it('keeps a link with more than a minute to run, and refreshes one closer to its expiry or past it', () => {
    expect(downloadLinkNeedsRefresh('2026-11-24T12:10:00Z', now)).toBe(false);
    expect(downloadLinkNeedsRefresh(new Date(now + DOWNLOAD_LINK_REFRESH_MARGIN_MS + 1).toISOString(), now)).toBe(
      false,
    );
    expect(downloadLinkNeedsRefresh(new Date(now + DOWNLOAD_LINK_REFRESH_MARGIN_MS - 1).toISOString(), now)).toBe(true);
    expect(downloadLinkNeedsRefresh('2026-11-24T11:59:00Z', now)).toBe(true);
  });

  it('refreshes when the expiry cannot be read', () => {
    expect(downloadLinkNeedsRefresh('soon', now)).toBe(true);
  });
});

describe('digitalProductsQuerySchema', () => {
  it('starts at page 1 and refuses a page below it', () => {
    expect(digitalProductsQuerySchema.parse({})).toEqual({ page: 1 });
    expect(digitalProductsQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
    expect(digitalProductsQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});
