/**
 * A screen's code loader that tries once more, a second later, when the first load fails: a
 * server shedding load or a moment offline otherwise left the page on "Something went wrong"
 * (issue 22: "Failed to fetch dynamically imported module"). A second failure goes to the route's
 * error screen, whose Reload button tries again.
 */
export function retryOnce<T>(load: () => Promise<T>, waitMs = 1000): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      return load();
    }
  };
}
