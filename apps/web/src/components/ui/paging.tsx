import { Center, Pagination } from '@mantine/core';

const controlLabels = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** Page buttons for a paged list; hidden when everything fits on one page. */
export function Paging({
  page,
  total,
  onChange,
  label = 'Pages',
}: {
  page: number;
  total: number;
  onChange: (page: number) => void;
  label?: string;
}) {
  if (total <= 1) return null;
  return (
    <Center component="nav" aria-label={label} py="md">
      <Pagination
        value={Math.min(page, total)}
        total={total}
        onChange={onChange}
        siblings={1}
        size="lg"
        getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
        getItemProps={(item) => ({
          'aria-label': `Page ${item}`,
          'aria-current': item === page ? 'page' : undefined,
        })}
      />
    </Center>
  );
}
