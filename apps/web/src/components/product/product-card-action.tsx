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

const ProductCardCornerContext = createContext<RenderCardAction | null>(null);

/** The same for the card picture's corner: the app puts the favourite heart there. */
export function ProductCardCornerProvider({ render, children }: { render: RenderCardAction; children: ReactNode }) {
  return <ProductCardCornerContext.Provider value={render}>{children}</ProductCardCornerContext.Provider>;
}

export const useProductCardCorner = () => useContext(ProductCardCornerContext);
