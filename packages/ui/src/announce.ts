/**
 * Says a short message to screen readers without moving focus: a change the page makes where
 * nobody is looking (a cart line's new quantity, a line removed). One polite live region, hidden
 * from sight, kept in <body>; the same message twice is said twice (the region is emptied first).
 */
let region: HTMLElement | null = null;

function liveRegion(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('role', 'status');
  region.dataset.testid = 'announcer';
  // Visually hidden, still read (the usual clip pattern; display:none would silence it).
  Object.assign(region.style, {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: '0',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: '0',
  });
  document.body.append(region);
  return region;
}

export function announce(message: string): void {
  if (typeof document === 'undefined') return;
  const target = liveRegion();
  target.textContent = '';
  // A separate task, so the emptied region and the new text are two changes a reader notices.
  setTimeout(() => {
    target.textContent = message;
  }, 50);
}
