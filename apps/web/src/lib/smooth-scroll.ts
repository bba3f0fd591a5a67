/** Spec section 9: the back-to-top scroll takes 900 ms. */
export const SCROLL_TO_TOP_MS = 900;

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/**
 * Scrolls the window to the top over `duration` ms with requestAnimationFrame (CSS smooth
 * scrolling has no duration control). With reduced motion asked for, it jumps at once.
 * The shopper scrolling with the wheel or a touch cancels it.
 */
export function scrollToTop(duration = SCROLL_TO_TOP_MS): Promise<void> {
  const start = window.scrollY;
  if (start <= 0) return Promise.resolve();
  if (duration <= 0 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo({ top: 0, behavior: 'instant' });
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let cancelled = false;
    const cancel = () => {
      cancelled = true;
    };
    const events = ['wheel', 'touchstart', 'keydown'] as const;
    for (const name of events) window.addEventListener(name, cancel, { once: true, passive: true });
    const finish = () => {
      for (const name of events) window.removeEventListener(name, cancel);
      resolve();
    };
    const began = performance.now();
    const step = (now: number) => {
      if (cancelled) return finish();
      const progress = Math.min(1, (now - began) / duration);
      window.scrollTo({ top: Math.round(start * (1 - easeInOutCubic(progress))), behavior: 'instant' });
      if (progress < 1) requestAnimationFrame(step);
      else finish();
    };
    requestAnimationFrame(step);
  });
}
