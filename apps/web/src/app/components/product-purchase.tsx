import { Button, Group } from '@mantine/core';
import { MAX_LINE_QUANTITY } from '@parade/core/cart';
import { cartLineFromProductPage } from '@parade/core/cart-lines';
import type { ProductPage } from '@parade/core/catalog-dto';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { WholeNumberInput } from '@/components/form/whole-number-input';
import { useAddToCart } from '../hooks/use-add-to-cart';

/**
 * Quantity and "Add to cart" for the chosen variation on the product page; both off while the
 * variation is sold out or its shop is on holiday (`describedBy` names the notice that says so).
 */
export function ProductPurchase({ page, describedBy }: { page: ProductPage; describedBy?: string }) {
  const addToCart = useAddToCart();
  // '' while the shopper has emptied the box to type another number (putting 1 back at once
  // made "2" typed into the emptied box read 12); an empty box counts as 1, and shows it again
  // once left.
  const [quantity, setQuantity] = useState<number | ''>(1);
  const chosen = quantity === '' ? 1 : quantity;
  const { stock } = page.variation;
  const soldOut = stock === 0;
  const onHoliday = page.product.shop.holiday_mode;
  const closed = soldOut || onHoliday;
  const max = stock === null ? MAX_LINE_QUANTITY : Math.min(stock, MAX_LINE_QUANTITY);
  // A download is bought once (contract: "Digital lines"): no quantity to choose.
  const digital = page.product.type === 'Digital';

  // A new variation starts again from one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the variation changes
  useEffect(() => setQuantity(1), [page.variation.id]);

  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      {!digital && (
        <WholeNumberInput
          label="Quantity"
          value={quantity}
          min={1}
          max={max}
          maxLength={4}
          withControls
          w={110}
          disabled={closed}
          onChange={setQuantity}
          onBlur={() => setQuantity(chosen)}
        />
      )}
      <Button
        size="md"
        leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
        disabled={closed}
        aria-describedby={onHoliday ? describedBy : undefined}
        onClick={() => addToCart(cartLineFromProductPage(page), digital ? 1 : chosen)}
        style={{ flex: 1, maxWidth: 280 }}
      >
        {onHoliday ? 'Shop on holiday' : soldOut ? 'Out of stock' : 'Add to cart'}
      </Button>
    </Group>
  );
}
