import type { DbOrTx } from '../../db/client';
import { storedFileReferences } from '../../db/stored-file-references';
import { brands, categories, products, productVariations } from './catalog.tables';

/** What this module's rows say of stored files, as text (db/stored-file-references.ts): Category pictures, brand logos, variations' pictures and digital files, and the read model's copies (shop logo, card picture). */
export function catalogFileReferences(db: DbOrTx): Promise<string[]> {
  return storedFileReferences(db, [
    categories.image,
    brands.logo,
    productVariations.images,
    productVariations.digitalFile,
    products.shopLogo,
    products.cardThumbnail,
  ]);
}
