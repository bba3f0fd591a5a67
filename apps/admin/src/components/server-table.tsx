import { Group, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { Paginated } from '@parade/core/envelope';
import { IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { ErrorState } from './states';

interface ServerTableProps<T> {
  /** Names the table for screen readers ("Products"). */
  label: string;
  columns: DataTableColumn<T>[];
  result: Paginated<T> | undefined;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  page: number;
  onPageChange: (page: number) => void;
  /** The API's sort value (`price`, `-price`); columns with `sortable` offer it. */
  sort?: string;
  onSortChange?: (sort: string) => void;
  /** What the API does without a sort (newest first), shown as the table's sorted column. */
  defaultSort?: string;
  /** A search box above the table; the API matches names, e-mails, invoice numbers. */
  search?: { value: string; onChange: (value: string) => void; placeholder: string };
  /** Filters shown beside the search (selects, dates). */
  toolbar?: ReactNode;
  noRecordsText: string;
  onRowClick?: (record: T) => void;
}

function toSortStatus<T>(sort: string | undefined): DataTableSortStatus<T> | undefined {
  if (!sort) return undefined;
  const desc = sort.startsWith('-');
  return { columnAccessor: desc ? sort.slice(1) : sort, direction: desc ? 'desc' : 'asc' };
}

/**
 * Every merchant and admin list: mantine-datatable driven by the server (paging, sorting and
 * search happen in the API; the table shows one page), with the loading, empty and error states.
 */
export function ServerTable<T>({
  label,
  columns,
  result,
  fetching,
  error,
  onRetry,
  page,
  onPageChange,
  sort,
  onSortChange,
  defaultSort = '-created_at',
  search,
  toolbar,
  noRecordsText,
  onRowClick,
}: ServerTableProps<T>) {
  const [searchText, setSearchText] = useState(search?.value ?? '');
  const sendSearch = useDebouncedCallback((value: string) => search?.onChange(value.trim()), 350);
  // A row's link opens a page whose code and data load first, and this list stays on screen
  // meanwhile: a search typed just before the click must not fire then, or its URL change
  // (replace) would take the shopkeeper back to the list instead of the order they opened. So a
  // click on a link in the table drops the pending search, before the router even starts.
  const dropSearchOnLinkClick = (event: React.MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) sendSearch.cancel();
  };
  const sortStatus = toSortStatus<T>(sort || defaultSort);
  const sortProps =
    onSortChange && sortStatus
      ? {
          sortStatus,
          onSortStatusChange: (status: DataTableSortStatus<T>) =>
            onSortChange(`${status.direction === 'desc' ? '-' : ''}${String(status.columnAccessor)}`),
        }
      : {};

  return (
    <>
      {(search || toolbar) && (
        <Group align="flex-end" gap="sm" mb="sm" wrap="wrap">
          {search && (
            <TextInput
              label="Search"
              placeholder={search.placeholder}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={searchText}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                sendSearch(event.currentTarget.value);
              }}
              type="search"
              w={{ base: '100%', sm: 280 }}
            />
          )}
          {toolbar}
        </Group>
      )}
      {error && !result ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : (
        // Only listens (capture phase) for clicks on the table's own links; adds no interaction.
        <div onClickCapture={dropSearchOnLinkClick}>
          {/* On a phone the last columns (often the actions) sit past the edge: say so. */}
          {result && result.data.length > 0 && (
            <Text size="xs" c="dimmed" mb={4} hiddenFrom="md">
              Swipe the table sideways to see every column.
            </Text>
          )}
          <DataTable<T>
            aria-label={label}
            withTableBorder
            borderRadius="md"
            highlightOnHover={Boolean(onRowClick)}
            minHeight={result && result.data.length === 0 ? 180 : undefined}
            records={result?.data ?? []}
            columns={columns}
            fetching={fetching}
            loadingText="Loading…"
            noRecordsText={noRecordsText}
            totalRecords={result?.total ?? 0}
            recordsPerPage={result?.per_page ?? 20}
            page={page}
            onPageChange={onPageChange}
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
            getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
            onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
            // On a phone the table scrolls sideways: its scroll area must be reachable with the
            // keyboard (a tab stop with a name), or the columns past the edge are out of reach.
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls)` } }}
            {...(sortProps as object)}
          />
        </div>
      )}
    </>
  );
}
