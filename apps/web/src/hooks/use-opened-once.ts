import { useState } from 'react';

/**
 * True from the first time `opened` is true: an overlay whose code loads on first open (a
 * drawer, a modal) then stays mounted, so closing it still plays its transition.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
