import { Button, Image, Select, Stack, Text } from '@mantine/core';
import type { AdminSlider } from '@parade/core/admin-schemas';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { confirmThenDelete, EditDeleteActions } from '@/components/row-actions';
import { ServerTable } from '@/components/server-table';
import { ToneBadge } from '@/components/status-badge';
import { useDeleteSlider, useSliders } from '@/features/sliders/api/sliders';
import { SliderFormModal } from '@/features/sliders/components/slider-form-modal';
import { sliderTypeLabels, sliderTypeOptions } from '@/features/sliders/components/slider-types';
import { useListParams } from '@/hooks/use-list-params';
import { assetUrl } from '@/lib/api-client';

/** The home page's main slider, deals slider and banners: create, edit, hide and delete slides. */
export function Component() {
  const list = useListParams(['type'] as const);
  const sliders = useSliders(list.query as never);
  const remove = useDeleteSlider();
  const [editing, setEditing] = useState<{ slider: AdminSlider | null } | null>(null);

  const askDelete = (slider: AdminSlider) =>
    confirmThenDelete(remove, slider.id, {
      name: slider.title ?? 'this slide',
      message: 'It leaves the home page at once. To show it again later, hide it instead.',
      confirmLabel: 'Delete slide',
    });

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
        <EditDeleteActions
          name={slider.title ?? 'slide'}
          id={slider.id}
          onEdit={() => setEditing({ slider })}
          onDelete={() => askDelete(slider)}
          remove={remove}
        />
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
