/**
 * Ends the current task and continues in a new one: the browser may paint and handle a tap in
 * between. For start-up work that would otherwise be one long task on a phone's CPU.
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
