import { Box, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@parade/core/catalog';
import type { SearchHit } from '@parade/core/catalog-dto';
import { messages } from '@parade/core/messages';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LazyImage } from '@/components/ui/lazy-image';
import { Price } from '@/components/ui/price';
import { paths } from '@/lib/paths';
import { useSearchProducts } from '../api/search-products';

export const PRODUCT_SEARCH_INPUT_ID = 'product-search';

/** Typing a letter or digit with no field focused starts a search (spec section 2). */
function useTypeToSearch(input: React.RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (!/^[\p{L}\p{N}]$/u.test(event.key)) return;
      const active = document.activeElement;
      if (active instanceof HTMLElement) {
        if (active.isContentEditable || active.closest('input, textarea, select, [role="dialog"], [role="slider"]'))
          return;
      }
      // Focusing during keydown makes the browser type the character into the search box.
      input.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [input]);
}

/**
 * The header's product search (spec section 2): suggestions from 3 characters, 500 ms after
 * the last key, each request cancelled when the text moves on; Enter lists every match on
 * /products; picking a suggestion opens that product.
 */
export function ProductSearch({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const text = value.trim();
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const term = text.length >= SEARCH_MIN_LENGTH ? debounced : '';
  const search = useSearchProducts(term);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  useTypeToSearch(input);

  // On the product list the box shows the search the list is filtered by.
  useEffect(() => {
    if (location.pathname === paths.products()) {
      setValue(new URLSearchParams(location.search).get('search') ?? '');
    }
  }, [location.pathname, location.search]);

  const hits: SearchHit[] = term === text ? (search.data ?? []) : [];
  const waiting = text.length >= SEARCH_MIN_LENGTH && (term !== text || search.isFetching);

  const leave = () => {
    combobox.closeDropdown();
    input.current?.blur();
    onNavigate?.();
  };
  const openHit = (id: string) => {
    const hit = hits.find((h) => String(h.id) === id);
    if (!hit) return;
    setValue('');
    leave();
    navigate(paths.product(hit.product.shop.slug, hit.product.slug, hit.slug));
  };
  const listAll = () => {
    // The product list refuses a search under 3 characters (422), as the autocomplete does.
    if (text.trim().length < SEARCH_MIN_LENGTH) return;
    leave();
    navigate(paths.products({ search: text }));
  };

  let content: React.ReactNode;
  if (text.length < SEARCH_MIN_LENGTH) content = <Combobox.Empty>{messages.typeToSearch}</Combobox.Empty>;
  else if (waiting && hits.length === 0)
    content = (
      <Combobox.Empty>
        <Group gap="xs" justify="center">
          <Loader size="xs" aria-hidden /> Searching...
        </Group>
      </Combobox.Empty>
    );
  else if (search.isError) content = <Combobox.Empty>{search.error.message}</Combobox.Empty>;
  else if (hits.length === 0) content = <Combobox.Empty>{messages.noProductFound}</Combobox.Empty>;
  else
    content = hits.map((hit) => (
      <Combobox.Option value={String(hit.id)} key={hit.id} data-testid="search-option">
        <Group gap="sm" wrap="nowrap">
          <Box w={44} style={{ flex: 'none' }}>
            <LazyImage src={hit.thumbnail} alt="" width={44} height={44} style={{ borderRadius: 6 }} />
          </Box>
          <Box style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={600} lineClamp={2}>
              {hit.full_name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {hit.product.shop.name}
            </Text>
          </Box>
          <Price pence={hit.price} size="sm" />
        </Group>
      </Combobox.Option>
    ));

  return (
    <Box role="search" w="100%">
      <Combobox store={combobox} onOptionSubmit={openHit} shadow="md">
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={input}
            id={PRODUCT_SEARCH_INPUT_ID}
            type="search"
            aria-label="Search products"
            placeholder="Search products, brands and shops"
            size="md"
            radius="xl"
            leftSection={<IconSearch size={18} aria-hidden />}
            rightSection={waiting ? <Loader size="xs" aria-label="Searching" /> : null}
            value={value}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => {
              setValue(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
                event.preventDefault();
                listAll();
              }
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown data-testid="search-dropdown">
          <Combobox.Options aria-label="Product suggestions" mah={420} style={{ overflowY: 'auto' }}>
            {content}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </Box>
  );
}
