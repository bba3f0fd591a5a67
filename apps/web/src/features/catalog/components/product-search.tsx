import { Box, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  clipSearchTerm,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  searchTermLongEnough,
} from '@parade/core/catalog';
import type { SearchHit } from '@parade/core/catalog-dto';
import { messages } from '@parade/core/messages';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LazyImage } from '@/components/ui/lazy-image';
import { Price } from '@/components/ui/price';
import { paths } from '@/lib/paths';
import { PRODUCT_SEARCH_INPUT_ID, takeSearchTypedEarly } from '@/lib/search-typed-early';
import { useSearchProducts } from '../api/search-products';

export { PRODUCT_SEARCH_INPUT_ID };

/**
 * True when POST /search takes this (clipped) text and it holds 3 letters or digits, as GET
 * /products asks: its schema counts 3 to 100 characters as code points, so "😀😀" (four UTF-16
 * units) is refused there, and searchTermLongEnough leaves out "a-b". (searchRequestSchema's rule,
 * counted here without zod, which the header does not load for it: decision 039.)
 */
const canSuggest = (term: string) => {
  const codePoints = [...term.trim()].length;
  return searchTermLongEnough(term) && codePoints >= SEARCH_MIN_LENGTH && codePoints <= SEARCH_MAX_LENGTH;
};

/** On the product list the box shows the search the list is filtered by (drawn so by the server too). */
const listSearch = (at: { pathname: string; search: string }) =>
  at.pathname === paths.products() ? (new URLSearchParams(at.search).get('search') ?? '') : null;

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
 * The header's product search (spec section 2): suggestions from 3 letters or digits, 500 ms
 * after the last key, each request cancelled when the text moves on; Enter lists every match on
 * /products; picking a suggestion opens that product. A text longer than the API takes is
 * searched by its first SEARCH_MAX_LENGTH characters, as /products does.
 */
export function ProductSearch({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  // Typed into the frame of a private page before the app replaced it (start.tsx), if anything.
  const [early] = useState(takeSearchTypedEarly);
  const [value, setValue] = useState(() => listSearch(location) ?? early?.value ?? '');
  const text = value.trim();
  // What a suggestion request asks: the text clipped to what POST /search takes.
  const asked = clipSearchTerm(text);
  const suggestible = canSuggest(asked);
  const [debounced] = useDebouncedValue(asked, SEARCH_DEBOUNCE_MS);
  // The debounced text is checked too: it may be an earlier one POST /search would refuse.
  const term = suggestible && canSuggest(debounced) ? debounced : '';
  const search = useSearchProducts(term);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  useTypeToSearch(input);

  // What a shopper typed into the server's HTML before the page hydrated is theirs: kept, with its
  // suggestions, rather than cleared by React drawing the box as the server did (an outside audit
  // typed "bread" on a slow page and lost it, or kept "ad").
  // Once, as the box first appears: it reads the value the box was drawn with.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on mount only
  useLayoutEffect(() => {
    if (early?.focused) {
      input.current?.focus();
      combobox.openDropdown();
      return;
    }
    const typed = input.current?.value ?? '';
    if (typed === value) return;
    setValue(typed);
    if (document.activeElement === input.current) combobox.openDropdown();
  }, []);

  // Moving to another search of the product list shows it in the box.
  const shownFor = useRef(`${location.pathname}?${location.search}`);
  // Set when a pick here led away: the box let go of focus (it closes a phone's keyboard), so the
  // page it opened takes it, on its heading, where a screen reader starts reading; not <body>,
  // from where the next Tab started at the top of the page (an outside audit).
  const focusNewPage = useRef(false);
  useEffect(() => {
    if (focusNewPage.current) {
      focusNewPage.current = false;
      // A data router shows the new page with its data: it is drawn by the next frame.
      requestAnimationFrame(() => {
        const heading = document.querySelector<HTMLElement>('main h1');
        if (!heading || document.activeElement !== document.body) return;
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      });
    }
    const at = `${location.pathname}?${location.search}`;
    if (shownFor.current === at) return;
    shownFor.current = at;
    const search = listSearch(location);
    if (search !== null) setValue(search);
  }, [location]);

  const hits: SearchHit[] = term === asked ? (search.data ?? []) : [];
  const waiting = suggestible && (term !== asked || search.isFetching);

  const leave = () => {
    combobox.closeDropdown();
    input.current?.blur();
    focusNewPage.current = true;
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
    // The product list does not run a search under 3 letters or digits (it shows a notice instead).
    if (!searchTermLongEnough(asked)) return;
    leave();
    navigate(paths.products({ search: text }));
  };

  let content: React.ReactNode;
  if (!suggestible) content = <Combobox.Empty>{messages.typeToSearch}</Combobox.Empty>;
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
    // A form to /products: Enter before the page's code has loaded still lists the matches.
    <Box
      component="form"
      role="search"
      w="100%"
      action={paths.products()}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        listAll();
      }}
    >
      <Combobox store={combobox} onOptionSubmit={openHit} shadow="md">
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={input}
            id={PRODUCT_SEARCH_INPUT_ID}
            name="search"
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
