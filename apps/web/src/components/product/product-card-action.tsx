import type { ProductCard } from '@parade/core/catalog-dto';
import { createContext, type ReactNode, useContext } from 'react';

type RenderCardAction = (product: ProductCard) => ReactNode;

const ProductCardActionContext = createContext<RenderCardAction | null>(null);

/**
 * Lets the app layer put an action on every product card (the add-to-cart button) without
 * the shared card knowing about the cart.
 */
export function ProductCardActionProvider({ render, children }: { render: RenderCardAction; children: ReactNode }) {
  return <ProductCardActionContext.Provider value={render}>{children}</ProductCardActionContext.Provider>;
}

export const useProductCardAction = () => useContext(ProductCardActionContext);
