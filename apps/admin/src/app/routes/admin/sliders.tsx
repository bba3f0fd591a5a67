import { Button, Group, Image, Select, Stack, Text } from '@mantine/core';
import type { AdminSlider } from '@parade/core/admin-schemas';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { ToneBadge } from '@/components/status-badge';
import { useDeleteSlider, useSliders } from '@/features/sliders/api/sliders';
import { SliderFormModal } from '@/features/sliders/components/slider-form-modal';
import { sliderTypeLabels, sliderTypeOptions } from '@/features/sliders/components/slider-types';
import { useListParams } from '@/hooks/use-list-params';
import { ApiError, assetUrl } from '@/lib/api-client';

/** The home page's main slider, deals slider and banners: create, edit, hide and delete slides. */
export function Component() {
  const list = useListParams(['type'] as const);
  const sliders = useSliders(list.query as never);
  const remove = useDeleteSlider();
  const [editing, setEditing] = useState<{ slider: AdminSlider | null } | null>(null);

  const askDelete = async (slider: AdminSlider) => {
    const name = slider.title ?? 'this slide';
    const yes = await confirmAction({
      title: `Delete ${name}?`,
      message: 'It leaves the home page at once. To show it again later, hide it instead.',
      confirmLabel: 'Delete slide',
    });
    if (!yes) return;
    remove.mutate(slider.id, {
      onSuccess: () => notifySuccess(`${name} is deleted.`),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not delete it.'),
    });
  };

  const columns: DataTableColumn<AdminSlider>[] = [
    {
      accessor: 'image',
      title: 'Picture',
      width: 120,
      render: (slider) => (
        <Image src={assetUrl(slider.image)} alt="" h={48} w={96} fit="cover" radius="sm" bg="gray.1" />
      ),
    },
    {
      accessor: 'title',
      title: 'Title',
      sortable: true,
      render: (slider) => (
        <Stack gap={0}>
          <Text fw={600}>{slider.title ?? 'Untitled'}</Text>
          {slider.caption && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {slider.caption}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'type', title: 'Where', render: (slider) => sliderTypeLabels[slider.type] },
    { accessor: 'position', title: 'Position', sortable: true },
    {
      accessor: 'is_active',
      title: 'Status',
      render: (slider) =>
        slider.is_active ? <ToneBadge tone="success">Shown</ToneBadge> : <ToneBadge tone="neutral">Hidden</ToneBadge>,
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (slider) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setEditing({ slider })}
            aria-label={`Edit ${slider.title ?? 'slide'}`}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="outline"
            color="error"
            onClick={() => askDelete(slider)}
            loading={remove.isPending && remove.variables === slider.id}
            aria-label={`Delete ${slider.title ?? 'slide'}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Home sliders"
        description="The slides and banners of the storefront's home page."
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ slider: null })}>
            New slide
          </Button>
        }
      />
      <ServerTable<AdminSlider>
        label="Slides"
        columns={columns}
        result={sliders.data}
        fetching={sliders.isFetching}
        error={sliders.error}
        onRetry={() => sliders.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Title or caption' }}
        toolbar={
          <Select
            label="Where it shows"
            data={[{ value: 'all', label: 'Everywhere' }, ...sliderTypeOptions]}
            value={list.filters.type || 'all'}
            onChange={(value) => list.setFilter('type', !value || value === 'all' ? '' : value)}
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
          />
        }
        noRecordsText="No slide matches."
      />
      <SliderFormModal opened={editing !== null} slider={editing?.slider ?? null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
