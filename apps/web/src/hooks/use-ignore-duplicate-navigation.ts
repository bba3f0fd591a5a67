import { useEffect } from 'react';

/**
 * Spec section 2: navigation to the location already shown is ignored. A click on an in-app
 * link whose path, query and hash equal the current ones is cancelled before React Router
 * sees it (a capture listener on the document runs before React's root listener), so the
 * page neither reloads its data nor jumps to the top. Menus and drawers still close, since
 * their own click handlers run as usual.
 */
export function useIgnoreDuplicateNavigation(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      // In-page jumps (the skip link) always work.
      if (anchor.getAttribute('href')?.startsWith('#')) return;
      const to = new URL(anchor.href, window.location.href);
      const here = window.location;
      if (
        to.origin === here.origin &&
        to.pathname === here.pathname &&
        to.search === here.search &&
        to.hash === here.hash
      ) {
        event.preventDefault();
      }
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}
