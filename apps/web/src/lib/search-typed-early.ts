/**
 * What a shopper typed into the header's search box on the frame the server drew around a
 * private page (entry-server.tsx's renderShell), before the app replaced that frame with the page
 * (start.tsx): React clears the frame's HTML when it draws, the box with it. start.tsx keeps it
 * here the moment before; the app's search box starts from it (product-search.tsx).
 */
let typed: { value: string; focused: boolean } | null = null;

/** The header search box's id (the server's frame and the app draw the same box). */
export const PRODUCT_SEARCH_INPUT_ID = 'product-search';

export function keepSearchTypedEarly(): void {
  const box = document.getElementById(PRODUCT_SEARCH_INPUT_ID);
  if (box instanceof HTMLInputElement && box.value !== '') {
    typed = { value: box.value, focused: document.activeElement === box };
  }
}

/** Once: what was kept, or null. */
export function takeSearchTypedEarly(): { value: string; focused: boolean } | null {
  const kept = typed;
  typed = null;
  return kept;
}
