import { Button, Group, NumberInput, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { type VendorProduct, vendorBulkStockSchema } from '@parade/core/vendor-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { useState } from 'react';
import { FormModal, useReportDirtyToFormModal } from '@/components/form-modal';
import { notifySuccess } from '@/components/notify';
import { useBulkStock } from '../api/bulk-stock';

/**
 * Stock for every variation on the page shown, in one save (the count after a delivery or a
 * stocktake). Unlimited (digital) variations are left out; only changed rows are sent.
 */
function BulkStockForm({ products, onDone }: { products: VendorProduct[]; onDone: () => void }) {
  const rows = products.flatMap((p) => p.variations.filter((v) => v.stock !== null));
  const [stock, setStock] = useState<Record<number, number | string>>(
    Object.fromEntries(rows.map((v) => [v.id, v.stock ?? 0])),
  );
  const [error, setError] = useState<string | null>(null);
  const save = useBulkStock();
  useReportDirtyToFormModal(() => rows.some((v) => stock[v.id] !== v.stock));

  const submit = () => {
    const items = rows
      .filter((v) => stock[v.id] !== v.stock)
      .map((v) => ({ variation_id: v.id, stock: stock[v.id] === '' ? Number.NaN : Number(stock[v.id]) }));
    if (items.length === 0) return onDone();
    const checked = vendorBulkStockSchema.safeParse({ items });
    if (!checked.success) {
      setError('Stock must be a whole number from 0.');
      return;
    }
    save.mutate(checked.data, {
      onSuccess: (saved) => {
        notifySuccess(`Stock updated for ${saved.length} variation${saved.length === 1 ? '' : 's'}.`);
        onDone();
      },
      onError: (e) => setError(e instanceof ApiError ? e.message : 'Could not save the stock.'),
    });
  };

  if (rows.length === 0) return <Text>No variation on this page keeps a stock count.</Text>;
  return (
    <Stack gap="sm">
      <FormAlert message={error} />
      <ScrollArea.Autosize mah="60vh">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Variation</Table.Th>
              <Table.Th w={140}>Stock</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>{v.full_name}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Stock of ${v.full_name}`}
                    min={0}
                    value={stock[v.id]}
                    onChange={(value) => setStock((s) => ({ ...s, [v.id]: value }))}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save stock
        </Button>
      </Group>
    </Stack>
  );
}

export function BulkStockModal({
  opened,
  products,
  onClose,
}: {
  opened: boolean;
  products: VendorProduct[];
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Update stock" size="lg">
      {opened && <BulkStockForm products={products} onDone={onClose} />}
    </FormModal>
  );
}
