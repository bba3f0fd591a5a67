import { nprogress } from '@mantine/nprogress';
import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';

/** Drives the progress bar (spec section 2) from the router: it runs while a navigation loads. */
export function RouterNavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const started = useRef(false);
  useEffect(() => {
    if (busy) {
      nprogress.start();
      started.current = true;
    } else if (started.current) {
      nprogress.complete();
      started.current = false;
    }
  }, [busy]);
  return null;
}
