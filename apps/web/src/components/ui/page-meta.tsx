import { useEffect } from 'react';

export const SITE_NAME = 'Parade';
const DEFAULT_DESCRIPTION =
  'Parade: your local community parade of shops, online. Order for collection or delivery in East London.';

/**
 * The page's <title> (hoisted by React 19) and its meta description. index.html already holds a
 * description tag, so this updates that one instead of adding a second.
 */
export function PageMeta({ title, description }: { title?: string; description?: string }) {
  const content = description?.trim() || DEFAULT_DESCRIPTION;
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = content;
  }, [content]);
  return <title>{title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} | Your local parade of shops`}</title>;
}
