import { Carousel } from '@mantine/carousel';
import { Box } from '@mantine/core';
import { AppLink } from '@/components/ui/app-link';
import { SlidePicture } from '@/components/ui/slide-picture';
import classes from './slide-carousel.module.css';

export interface Slide {
  key: string | number;
  image: string;
  mobileImage?: string | null;
  alt: string;
  link?: string | null;
}

/**
 * A row of slides (home main slider, deals slider, a shop's slides). Controls and dots are
 * labelled buttons; arrow keys move when the carousel has focus. No autoplay: moving content
 * is hard to read and to use with a screen reader.
 */
export function SlideCarousel({
  slides,
  label,
  width,
  height,
  slideSize = '100%',
  eagerFirst = false,
}: {
  slides: Slide[];
  label: string;
  width: number;
  height: number;
  slideSize?: string | Record<string, string>;
  eagerFirst?: boolean;
}) {
  if (slides.length === 0) return null;
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
        {slides.map((slide, index) => {
          const picture = (
            <SlidePicture
              image={slide.image}
              mobileImage={slide.mobileImage}
              alt={slide.alt}
              width={width}
              height={height}
              eager={eagerFirst && index === 0}
            />
          );
          return (
            <Carousel.Slide
              key={slide.key}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              <Box className={classes.frame}>
                {slide.link ? (
                  <AppLink href={slide.link} className={classes.link}>
                    {picture}
                  </AppLink>
                ) : (
                  picture
                )}
              </Box>
            </Carousel.Slide>
          );
        })}
      </Carousel>
    </Box>
  );
}
