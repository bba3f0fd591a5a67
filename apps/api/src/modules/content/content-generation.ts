/**
 * A counter moved by every committed write of the editorial content (sliders, pages, blog,
 * platform deals, site settings). The public reply cache (plugins/public-cache.ts) keeps whole
 * replies of /api/home, /api/pages, /api/blog, /api/ubm-offers and /api/app/setting, and drops
 * them all when this or the catalogue read model's generation moves; so an admin's edit is
 * answered on the next request in this process, as a catalogue write is. Other API processes are
 * told of it (plugins/peer-changes.ts, decision 043) and move their own counter.
 */
let generation = 0;
const localChangeListeners = new Set<() => void>();

/** Tells `listener` of every content write committed through this process; returns the unsubscribe. */
export function onLocalContentChange(listener: () => void): () => void {
  localChangeListeners.add(listener);
  return () => localChangeListeners.delete(listener);
}

/** A content write another API process made: this process drops what it keeps of the content. */
export function applyPeerContentChange(): void {
  generation++;
}

export function contentGeneration(): number {
  return generation;
}

/**
 * Runs a content write and moves the generation once it has committed. Moving it after the
 * commit (not inside the transaction) matters: a reply computed between the two would read the
 * old rows and, under the new generation, be kept.
 */
export async function changeContent<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    generation++;
    for (const listener of localChangeListeners) listener();
  }
}
