import { Badge } from '@mantine/core';
import type { ProductType } from '@parade/core/catalog';
import { IconCheck, IconDownload, IconX } from '@tabler/icons-react';

/** Few enough left to tell the shopper. */
const LOW_STOCK = 5;

/** In stock, only a few left, out of stock, or (digital, unlimited) ready to download. */
export function StockState({ stock, type }: { stock: number | null; type: ProductType }) {
  if (stock === null)
    return (
      <Badge color="accent" variant="light" size="lg" tt="none" leftSection={<IconDownload size={14} aria-hidden />}>
        {type === 'Digital' ? 'Instant download' : 'Available'}
      </Badge>
    );
  if (stock <= 0)
    return (
      <Badge color="error" variant="light" size="lg" tt="none" leftSection={<IconX size={14} aria-hidden />}>
        Out of stock
      </Badge>
    );
  return (
    <Badge
      color={stock <= LOW_STOCK ? 'primary' : 'accent'}
      variant="light"
      size="lg"
      tt="none"
      leftSection={<IconCheck size={14} aria-hidden />}
    >
      {stock <= LOW_STOCK ? `Only ${stock} left` : 'In stock'}
    </Badge>
  );
}
