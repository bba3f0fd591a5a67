import { Button } from '@mantine/core';
import { cartLineFromCard } from '@parade/core/cart-lines';
import type { ProductCard } from '@parade/core/catalog-dto';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useAddToCart } from '../hooks/use-add-to-cart';

/** The add button on every product card. */
export function AddToCartButton({ product }: { product: ProductCard }) {
  const addToCart = useAddToCart();
  const soldOut = product.variation.stock === 0;
  return (
    <Button
      fullWidth
      size="sm"
      variant="light"
      leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
      disabled={soldOut}
      aria-label={`Add ${product.name} to cart`}
      onClick={() => addToCart(cartLineFromCard(product))}
    >
      {soldOut ? 'Sold out' : 'Add'}
    </Button>
  );
}
