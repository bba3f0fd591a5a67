import { Button } from '@mantine/core';
import { cartLineFromCard } from '@parade/core/cart-lines';
import type { ProductCard } from '@parade/core/catalog-dto';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useAddToCart } from '../hooks/use-add-to-cart';

/**
 * The add button on every product card. The card knows when its shop is on holiday (the read
 * model's `shop.holiday_mode`), and a page that knows better may say so too (`onHoliday`): then
 * the shop takes no orders now (its page says why), so the button is off and says so.
 */
export function AddToCartButton({
  product,
  onHoliday: pageSays = false,
}: {
  product: ProductCard;
  onHoliday?: boolean;
}) {
  const addToCart = useAddToCart();
  const onHoliday = pageSays || product.shop.holiday_mode === true;
  const soldOut = product.variation.stock === 0;
  return (
    <Button
      fullWidth
      size="sm"
      // A 44 px touch target (ui-and-demo.md); the label stays the small size.
      h={44}
      variant="light"
      leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
      disabled={soldOut || onHoliday}
      aria-label={onHoliday ? `${product.name}: the shop is on holiday` : `Add ${product.name} to cart`}
      onClick={() => addToCart(cartLineFromCard(product))}
    >
      {onHoliday ? 'On holiday' : soldOut ? 'Sold out' : 'Add'}
    </Button>
  );
}
