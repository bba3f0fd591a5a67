import { Box, SimpleGrid, UnstyledButton } from '@mantine/core';
import type { ImageRef } from '@parade/core/catalog-dto';
import { useEffect, useState } from 'react';
import { LazyImage } from '@/components/ui/lazy-image';
import classes from './product-gallery.module.css';

/** The product's pictures: a large square one and, when there are several, thumbnails to switch. */
export function ProductGallery({ images, name }: { images: ImageRef[]; name: string }) {
  const [index, setIndex] = useState(0);
  const key = images.map((image) => image.url).join('|');
  // A new variation brings its own pictures: start again at the first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the set of pictures changes
  useEffect(() => setIndex(0), [key]);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <Box data-testid="product-gallery">
      <Box className={classes.main}>
        <LazyImage src={current?.url} alt={name} width={600} height={600} eager />
      </Box>
      {images.length > 1 && (
        <SimpleGrid cols={5} spacing="xs" mt="xs" component="ul" aria-label="Pictures" className={classes.thumbs}>
          {images.map((image, i) => (
            <li key={image.url}>
              <UnstyledButton
                className={classes.thumb}
                data-active={i === index || undefined}
                aria-pressed={i === index}
                aria-label={`Picture ${i + 1} of ${images.length}`}
                onClick={() => setIndex(i)}
              >
                <LazyImage src={image.url} alt="" width={120} height={120} />
              </UnstyledButton>
            </li>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
