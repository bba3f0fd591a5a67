/**
 * Keeps the keyboard's place when what had focus goes away. A button that replaces itself
 * (Close ticket -> Reopen ticket), a card that leaves its list (a cancelled claim, a deleted
 * address), a dialog whose trigger went with the action, a link whose page was replaced: the
 * browser then puts focus on <body>, and a keyboard or screen-reader user starts again from the
 * top of the page. This moves focus to where the lost element was instead:
 *
 * - the element itself, once it is enabled again (a button disabled while its action runs);
 * - else the most recent earlier focus that is still on the page (a dialog's trigger);
 * - else the nearest part of the page that held it: its first control, or the part itself;
 * - and when the whole page changed (a navigation), the new page's heading.
 *
 * Nothing moves when focus went elsewhere on purpose (a click on the page's background leaves
 * the clicked-away element on the page and enabled).
 */

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** How long after a change to look: a dialog gives focus back to its trigger a moment after closing. */
const SETTLE_MS = 120;

interface Focused {
  element: HTMLElement;
  /** Its ancestors when it got focus, nearest first, up to (not including) <body>. */
  ancestors: HTMLElement[];
}

const isDisabled = (element: HTMLElement) =>
  element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true';

/** Focus is nowhere a keyboard user can see: on <body>, or on what a closed dialog left hidden. */
const focusIsLost = () => {
  const active = document.activeElement;
  if (active === null || active === document.body || active === document.documentElement) return true;
  return active instanceof HTMLElement && !visible(active);
};

function ancestorsOf(element: HTMLElement): HTMLElement[] {
  const list: HTMLElement[] = [];
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) list.push(node);
  return list;
}

/** On screen with a size: not hidden, and not an empty box (a dialog's portal left behind). */
function visible(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/** Focuses an element that may not take focus by itself (a heading, a list). */
function focusHere(element: HTMLElement): void {
  if (!element.matches(FOCUSABLE) && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/** Where focus goes for a part of the page that is still there. */
function placeIn(part: HTMLElement): HTMLElement {
  // A part that holds the page's heading held the page: the page was replaced (a navigation), so
  // its heading, where a screen reader starts reading a new page.
  const main = document.querySelector<HTMLElement>('main');
  const heading = [...(main ?? part).querySelectorAll<HTMLElement>('h1')].find(visible);
  if (heading && (part.contains(heading) || part.contains(main))) return heading;
  const control = [...part.querySelectorAll<HTMLElement>(FOCUSABLE)].find(visible);
  return control ?? part;
}

export function installFocusRescue(): () => void {
  // The last few elements that had focus, newest last.
  let history: Focused[] = [];
  // A focused element that was disabled while its action ran: focus goes back when it is enabled.
  let waitingForEnabled: HTMLElement | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const onFocusIn = (event: FocusEvent) => {
    const element = event.target;
    if (!(element instanceof HTMLElement) || element === document.body) return;
    // Focus put where nobody can see it (a closed dialog's empty root, when its trigger is gone)
    // is focus lost, not a place to remember.
    if (!visible(element)) {
      schedule();
      return;
    }
    waitingForEnabled = null;
    history = [
      ...history.filter((entry) => entry.element !== element).slice(-7),
      { element, ancestors: ancestorsOf(element) },
    ];
  };

  const rescue = () => {
    timer = null;
    const newest = history.at(-1);
    if (!newest || !focusIsLost()) return;
    if (newest.element.isConnected) {
      if (isDisabled(newest.element)) {
        waitingForEnabled = newest.element;
      } else if (waitingForEnabled === newest.element) {
        waitingForEnabled = null;
        newest.element.focus({ preventScroll: true });
      }
      // Else focus was taken away on purpose (a click elsewhere): leave it.
      return;
    }
    for (const entry of [...history].reverse()) {
      if (entry.element.isConnected && !isDisabled(entry.element) && visible(entry.element)) {
        entry.element.focus({ preventScroll: true });
        return;
      }
      const part = entry.ancestors.find((ancestor) => ancestor.isConnected && visible(ancestor));
      if (part) {
        focusHere(placeIn(part));
        return;
      }
    }
  };

  const schedule = () => {
    const newest = history.at(-1)?.element;
    // Only when what had focus left the page or changed state: React redraws all the time.
    if (!newest || (newest.isConnected && !isDisabled(newest) && waitingForEnabled !== newest)) return;
    // Disabled while it had focus (a button that checks something on the server): focus goes back
    // once it is enabled again, however soon. A check that answers in 20 ms enabled it before the
    // look below, which then took focus on <body> for focus moved on purpose (an outside audit).
    // (The browser may not have moved focus off it yet when this runs.)
    if (newest.isConnected && isDisabled(newest) && (document.activeElement === newest || focusIsLost())) {
      waitingForEnabled = newest;
    }
    if (timer === null) timer = setTimeout(rescue, SETTLE_MS);
  };

  const observer = new MutationObserver(schedule);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'aria-disabled'],
  });
  document.addEventListener('focusin', onFocusIn);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    if (timer !== null) clearTimeout(timer);
  };
}
