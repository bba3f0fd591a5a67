import { Carousel } from '@mantine/carousel';
import { Box } from '@mantine/core';
import classes from './slide-carousel.module.css';
import { type SlideCarouselProps, SlideFrame } from './slide-frame';

/**
 * The carousel itself (Mantine's, on Embla): controls and dots are labelled buttons; arrow keys
 * move when the carousel has focus. No autoplay: moving content is hard to read and to use with
 * a screen reader. It loads after the page has hydrated; slide-carousel.tsx draws its slides
 * until then.
 */
export function InteractiveSlideCarousel({
  slides,
  label,
  width,
  height,
  slideSize = '100%',
  eagerFirst = false,
}: SlideCarouselProps) {
  const multiple = slides.length > 1;
  return (
    // Mantine's carousel root is already a region with the carousel role description: it
    // carries the label, so two carousels on one page stay distinguishable landmarks.
    <Box>
      <Carousel
        aria-label={label}
        withIndicators={multiple}
        withControls={multiple}
        withKeyboardEvents
        slideSize={slideSize}
        slideGap="md"
        emblaOptions={{ loop: multiple, align: 'start' }}
        classNames={{ indicator: classes.indicator, control: classes.control }}
        previousControlProps={{ 'aria-label': `Previous ${label.toLowerCase()}` }}
        nextControlProps={{ 'aria-label': `Next ${label.toLowerCase()}` }}
        getIndicatorProps={(index) => ({ 'aria-label': `Show slide ${index + 1} of ${slides.length}` })}
      >
        {slides.map((slide, index) => (
          <Carousel.Slide key={slide.key} aria-roledescription="slide" aria-label={`${index + 1} of ${slides.length}`}>
            <SlideFrame slide={slide} width={width} height={height} eager={eagerFirst && index === 0} />
          </Carousel.Slide>
        ))}
      </Carousel>
    </Box>
  );
}
