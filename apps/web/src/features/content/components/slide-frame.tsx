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

export interface SlideCarouselProps {
  slides: Slide[];
  label: string;
  width: number;
  height: number;
  /** Each slide's width: one for every screen, or from Mantine's md breakpoint on. */
  slideSize?: string | { base: string; md: string };
  eagerFirst?: boolean;
}

/** One slide's picture in its rounded frame, a link when the slide has one. */
export function SlideFrame({
  slide,
  width,
  height,
  eager,
}: {
  slide: Slide;
  width: number;
  height: number;
  eager: boolean;
}) {
  const picture = (
    <SlidePicture
      image={slide.image}
      mobileImage={slide.mobileImage}
      alt={slide.alt}
      width={width}
      height={height}
      eager={eager}
    />
  );
  return (
    <div className={classes.frame}>
      {slide.link ? (
        <AppLink href={slide.link} className={classes.link}>
          {picture}
        </AppLink>
      ) : (
        picture
      )}
    </div>
  );
}
