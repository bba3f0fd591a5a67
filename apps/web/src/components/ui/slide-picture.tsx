import classes from './slide-picture.module.css';

export interface SlidePictureProps {
  image: string;
  /** Square picture for phones (spec section 2: mobile devices use it when there is one). */
  mobileImage?: string | null;
  alt: string;
  width: number;
  height: number;
  mobileWidth?: number;
  mobileHeight?: number;
  eager?: boolean;
}

/** Art-directed slide: the mobile picture below the sm breakpoint, sizes reserved for both. */
export function SlidePicture({
  image,
  mobileImage,
  alt,
  width,
  height,
  mobileWidth = 800,
  mobileHeight = 800,
  eager,
}: SlidePictureProps) {
  return (
    <picture>
      {mobileImage && (
        <source media="(max-width: 47.99em)" srcSet={mobileImage} width={mobileWidth} height={mobileHeight} />
      )}
      <img
        className={classes.image}
        src={image}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        // The first slide is the home page's largest paint: fetched first, decoded with the frame.
        fetchPriority={eager ? 'high' : undefined}
        decoding={eager ? 'sync' : 'async'}
      />
    </picture>
  );
}
