import { Box, type BoxProps, Center, getRadius, type MantineRadius } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import classes from './lazy-image.module.css';

export interface LazyImageProps extends Omit<BoxProps, 'style'> {
  style?: CSSProperties;
  src: string | null | undefined;
  alt: string;
  /** Intrinsic size: reserves the space before the file arrives, so nothing jumps. */
  width: number;
  height: number;
  fit?: 'cover' | 'contain';
  /** Above-the-fold pictures (the product photo, a post's cover) load at once, at high priority. */
  eager?: boolean;
  radius?: MantineRadius;
}

/** An image with its size reserved, loaded lazily, with a quiet placeholder when there is none. */
export function LazyImage({
  src,
  alt,
  width,
  height,
  fit = 'cover',
  eager = false,
  radius,
  style,
  className,
  ...boxProps
}: LazyImageProps) {
  const borderRadius = radius === undefined ? undefined : getRadius(radius);
  if (!src) {
    return (
      <Center
        className={className ? `${classes.placeholder} ${className}` : classes.placeholder}
        style={{ aspectRatio: `${width} / ${height}`, borderRadius, ...style }}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        {...boxProps}
      >
        <IconPhoto aria-hidden size={32} stroke={1.5} />
      </Center>
    );
  }
  return (
    <Box
      component="img"
      className={className ? `${classes.image} ${className}` : classes.image}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? 'sync' : 'async'}
      style={{ aspectRatio: `${width} / ${height}`, objectFit: fit, borderRadius, ...style }}
      {...boxProps}
    />
  );
}
