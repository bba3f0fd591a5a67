import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirmAction } from '@/components/confirm';

/**
 * Keeps a half-filled page form from being lost: while `dirty`, following a link inside the site
 * asks first ("Leave without saving?"), and closing or reloading the tab gets the browser's own
 * warning. Staying on the page (or a change of only the query string) is never blocked. A form
 * that navigates on purpose after saving calls `release()` first (its values are saved; React
 * has not re-rendered the form as clean yet). An outside audit typed a shop's tagline, clicked
 * Orders, and lost it without a word.
 */
export function useLeaveGuard(dirty: boolean): { release: () => void } {
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmAction({
      title: 'Leave without saving?',
      message: 'Your changes on this page are not saved. Leave now and they are lost.',
      confirmLabel: 'Leave without saving',
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);

  useEffect(() => {
    // A release covers the navigation right after a save; once the form reads clean, guard again.
    if (!dirty) {
      released.current = false;
      return;
    }
    const warn = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    release: () => {
      released.current = true;
    },
  };
}
