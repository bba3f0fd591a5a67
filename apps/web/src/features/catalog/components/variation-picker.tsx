import { Group, Text } from '@mantine/core';
import type { Variation } from '@parade/core/catalog-dto';
import { Link } from 'react-router';
import { useFormatMoney } from '@/lib/format';
import classes from './variation-picker.module.css';

/**
 * The product's variations as links: choosing one changes the URL (so it can be shared and
 * the back button works) without scrolling the page.
 */
export function VariationPicker({
  variations,
  current,
  hrefFor,
}: {
  variations: Variation[];
  current: Variation;
  hrefFor: (variation: Variation) => string;
}) {
  const formatMoney = useFormatMoney();
  if (variations.length < 2) return null;
  return (
    <nav aria-labelledby="variation-picker-label">
      <Text id="variation-picker-label" fw={600} size="sm" mb={6}>
        Choose an option
      </Text>
      <Group gap="xs" component="ul" className={classes.list}>
        {variations.map((variation) => {
          const active = variation.id === current.id;
          return (
            <li key={variation.id}>
              <Link
                to={hrefFor(variation)}
                replace
                preventScrollReset
                className={variation.stock === 0 ? `${classes.option} ${classes.soldOut}` : classes.option}
                aria-current={active ? 'true' : undefined}
                data-testid="variation-option"
              >
                <span className={classes.name}>{variation.name}</span>
                <span className={classes.price}>{formatMoney(variation.price)}</span>
              </Link>
            </li>
          );
        })}
      </Group>
    </nav>
  );
}
