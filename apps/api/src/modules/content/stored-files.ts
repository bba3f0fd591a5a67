import type { DbOrTx } from '../../db/client';
import { storedFileReferences } from '../../db/stored-file-references';
import { blogPosts, deals, pageSettings, siteSettings, sliders } from './content.tables';

/** What this module's rows say of stored files, as text (db/stored-file-references.ts): Site and page settings (logos, banners), home slides, blog covers and the pictures in posts' HTML, deals. */
export function contentFileReferences(db: DbOrTx): Promise<string[]> {
  return storedFileReferences(db, [
    siteSettings.value,
    pageSettings.value,
    sliders.image,
    sliders.mobileImage,
    blogPosts.coverImage,
    blogPosts.body,
    deals.image,
  ]);
}
