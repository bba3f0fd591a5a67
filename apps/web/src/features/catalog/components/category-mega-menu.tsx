import {
  Anchor,
  Box,
  Button,
  Group,
  Popover,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { placeholderKeys } from '@/components/ui/states';
import { paths } from '@/lib/paths';
import { useCategories } from '../api/get-categories';
import classes from './category-mega-menu.module.css';

const CLOSE_DELAY_MS = 150;

/**
 * The desktop category mega menu (spec section 2): a category, then its sub-categories
 * (each a link to /products?category={slug}&sub={slug}), then the brands of the sub-category
 * in view (links to /products?brand={slug}). Opens on hover or click; Escape closes it and
 * returns focus to the button.
 */
export function CategoryMegaMenu() {
  const categories = useCategories();
  const [opened, setOpened] = useState(false);
  const [activeCategory, setActiveCategory] = useState(0);
  const [activeSub, setActiveSub] = useState(0);
  const closeTimer = useRef<number | undefined>(undefined);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  const open = () => {
    window.clearTimeout(closeTimer.current);
    setOpened(true);
  };
  const closeSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpened(false), CLOSE_DELAY_MS);
  };
  const close = () => {
    window.clearTimeout(closeTimer.current);
    setOpened(false);
  };

  const list = categories.data ?? [];
  const category = list[Math.min(activeCategory, list.length - 1)];
  const sub = category?.sub_categories[Math.min(activeSub, category.sub_categories.length - 1)];
  const chooseCategory = (index: number) => {
    setActiveCategory(index);
    setActiveSub(0);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      offset={4}
      shadow="lg"
      radius="md"
      width={880}
      trapFocus={false}
      withinPortal={false}
      returnFocus
      closeOnEscape
    >
      <Popover.Target>
        <Button
          ref={trigger}
          variant="subtle"
          color="secondary"
          size="md"
          rightSection={<IconChevronDown size={16} aria-hidden />}
          onClick={() => (opened ? close() : open())}
          onMouseEnter={open}
          onMouseLeave={closeSoon}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          aria-expanded={opened}
          data-testid="mega-menu-button"
        >
          Categories
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={0} onMouseEnter={open} onMouseLeave={closeSoon} data-testid="mega-menu">
        {categories.isPending ? (
          <Stack p="md">
            {placeholderKeys(6).map((key) => (
              <Skeleton key={key} height={20} />
            ))}
          </Stack>
        ) : categories.isError ? (
          <Text p="md" c="error.7">
            {categories.error.message}
          </Text>
        ) : (
          <SimpleGrid cols={3} spacing={0} className={classes.grid}>
            <ScrollArea.Autosize mah={440} className={classes.column}>
              <p className={classes.columnTitle}>Categories</p>
              <ul className={classes.list}>
                {list.map((item, index) => (
                  <li key={item.id}>
                    <UnstyledButton
                      className={classes.categoryButton}
                      data-active={index === activeCategory || undefined}
                      aria-current={index === activeCategory ? 'true' : undefined}
                      onMouseEnter={() => chooseCategory(index)}
                      onFocus={() => chooseCategory(index)}
                      onClick={() => chooseCategory(index)}
                    >
                      <span>{item.name}</span>
                      <IconChevronRight size={16} aria-hidden />
                    </UnstyledButton>
                  </li>
                ))}
              </ul>
            </ScrollArea.Autosize>
            <ScrollArea.Autosize mah={440} className={classes.column}>
              {category && (
                <>
                  <Group justify="space-between" className={classes.columnTitle}>
                    <Text inherit>{category.name}</Text>
                    <Anchor component={Link} to={paths.products({ category: category.slug })} size="sm" onClick={close}>
                      Shop all
                    </Anchor>
                  </Group>
                  <ul className={classes.list}>
                    {category.sub_categories.map((item, index) => (
                      <li key={item.id}>
                        <Link
                          className={classes.link}
                          data-active={index === activeSub || undefined}
                          to={paths.products({ category: category.slug, sub: item.slug })}
                          onMouseEnter={() => setActiveSub(index)}
                          onFocus={() => setActiveSub(index)}
                          onClick={close}
                        >
                          {item.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </ScrollArea.Autosize>
            <ScrollArea.Autosize mah={440} className={classes.column}>
              {sub && (
                <Box>
                  <p className={classes.columnTitle}>{sub.name} brands</p>
                  {sub.brands.length === 0 ? (
                    <Text size="sm" c="dimmed" px="md">
                      No brands yet
                    </Text>
                  ) : (
                    <ul className={classes.list}>
                      {sub.brands.map((brand) => (
                        <li key={brand.id}>
                          <Link className={classes.link} to={paths.products({ brand: brand.slug })} onClick={close}>
                            {brand.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </Box>
              )}
            </ScrollArea.Autosize>
          </SimpleGrid>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
