import { useEffect } from 'react';

export const SITE_NAME = 'Parade';
const DEFAULT_DESCRIPTION =
  'Parade: your local community parade of shops, online. Order for collection or delivery in East London.';

/**
 * The page's title and meta description. index.html already holds a <title> and a description
 * tag (what a browser shows before the app runs), so this updates those two instead of adding
 * second ones.
 */
export function PageMeta({ title, description }: { title?: string; description?: string }) {
  const content = description?.trim() || DEFAULT_DESCRIPTION;
  const fullTitle = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} | Your local parade of shops`;
  useEffect(() => {
    document.title = fullTitle;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = content;
  }, [fullTitle, content]);
  return null;
}
