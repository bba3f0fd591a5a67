import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { scrollToTop } from '@/lib/smooth-scroll';

/** Spec section 2: appears once the page is scrolled beyond 20 px; scrolls up over 900 ms. */
export function BackToTop({ focusTargetId }: { focusTargetId?: string }) {
  const [scroll] = useWindowScroll();
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      <Transition transition="slide-up" mounted={scroll.y > 20}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size={48}
            radius="xl"
            color="secondary"
            variant="filled"
            aria-label="Back to top"
            data-testid="back-to-top"
            onClick={async () => {
              await scrollToTop();
              if (focusTargetId) document.getElementById(focusTargetId)?.focus({ preventScroll: true });
            }}
          >
            <IconArrowUp aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
