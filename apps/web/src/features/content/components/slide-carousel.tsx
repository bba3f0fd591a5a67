import { type CSSProperties, lazy } from 'react';
import { AfterHydration } from '@/components/layout/after-hydration';
import classes from './slide-carousel.module.css';
import { type SlideCarouselProps, SlideFrame } from './slide-frame';

export type { Slide } from './slide-frame';

const InteractiveSlideCarousel = lazy(async () => ({
  default: (await import('./interactive-slide-carousel')).InteractiveSlideCarousel,
}));

/**
 * The slides as the carousel shows them at rest, without its code: the first slides side by side
 * in its frame, with its gap, the rest clipped. The server draws this, so the first picture (the
 * home page's largest paint) is in the page's HTML; the carousel (Embla and Mantine's controls,
 * decision 039) replaces it after hydration, at the same size, so nothing moves.
 */
function SlidesAtRest({ slides, label, width, height, slideSize = '100%', eagerFirst = false }: SlideCarouselProps) {
  const sizes = typeof slideSize === 'string' ? { base: slideSize, md: slideSize } : slideSize;
  const style = { '--slide-size': sizes.base, '--slide-size-md': sizes.md } as CSSProperties;
  return (
    <section aria-label={label} aria-roledescription="carousel" className={classes.atRest} style={style}>
      <div className={classes.atRestViewport}>
        <div className={classes.atRestTrack}>
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a group (the WAI-ARIA carousel pattern, as Mantine's slides are), not a fieldset of form controls
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={classes.atRestSlide}
            >
              <SlideFrame slide={slide} width={width} height={height} eager={eagerFirst && index === 0} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/**
 * A row of slides (home main slider, deals slider, a shop's slides). One slide is just that
 * slide; several are a carousel, loaded after hydration (InteractiveSlideCarousel).
 */
export function SlideCarousel(props: SlideCarouselProps) {
  if (props.slides.length === 0) return null;
  const atRest = <SlidesAtRest {...props} />;
  if (props.slides.length === 1) return atRest;
  return (
    <AfterHydration placeholder={atRest}>
      <InteractiveSlideCarousel {...props} />
    </AfterHydration>
  );
}
