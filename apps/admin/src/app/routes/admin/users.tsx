import { Button, Select, Stack, Text } from '@mantine/core';
import type { AdminUser } from '@parade/core/admin-schemas';
import { userRoles } from '@parade/core/enums';
import { ApiError } from '@parade/ui/api-errors';
import type { DataTableColumn } from 'mantine-datatable';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { ToneBadge } from '@/components/status-badge';
import { useUsers } from '@/features/users/api/get-users';
import { useSetUserDisabled } from '@/features/users/api/set-user-disabled';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate } from '@/lib/format';
import { useStaffUser } from '@/lib/session-store';

/** Accounts: customers, shopkeepers and admins; disabling one signs it out everywhere. */
export function Component() {
  const me = useStaffUser();
  const list = useListParams(['role'] as const);
  const users = useUsers(list.query as never);
  const setDisabled = useSetUserDisabled();

  const toggle = async (user: AdminUser) => {
    const disable = !user.disabled;
    const yes = await confirmAction(
      disable
        ? {
            title: `Disable ${user.name}?`,
            message: `${user.email} is signed out everywhere and cannot sign in until enabled again.`,
            confirmLabel: 'Disable account',
          }
        : {
            title: `Enable ${user.name}?`,
            message: 'They can sign in again.',
            confirmLabel: 'Enable account',
            destructive: false,
          },
    );
    if (!yes) return;
    setDisabled.mutate(
      { id: user.id, disabled: disable },
      {
        onSuccess: (saved) =>
          notifySuccess(saved.disabled ? `${saved.name} is disabled.` : `${saved.name} is enabled.`),
        onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not change it.'),
      },
    );
  };

  const columns: DataTableColumn<AdminUser>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (u) => (
        <Stack gap={0}>
          <Text fw={600}>{u.name}</Text>
          <Text size="xs" c="dimmed">
            {u.phone ?? ''}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'email', title: 'E-mail', sortable: true },
    {
      accessor: 'role',
      title: 'Role',
      render: (u) => (u.shops.length > 0 ? `${u.role} (${u.shops.map((s) => s.name).join(', ')})` : u.role),
    },
    { accessor: 'created_at', title: 'Joined', sortable: true, render: (u) => formatDate(u.created_at) },
    {
      accessor: 'disabled',
      title: 'Status',
      render: (u) => (
        <ToneBadge tone={u.disabled ? 'error' : 'success'}>{u.disabled ? 'Disabled' : 'Active'}</ToneBadge>
      ),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (u) =>
        u.id === me.id ? null : (
          <Button
            size="compact-sm"
            variant={u.disabled ? 'light' : 'outline'}
            color={u.disabled ? 'primary' : 'error'}
            loading={setDisabled.isPending && setDisabled.variables?.id === u.id}
            onClick={() => toggle(u)}
            aria-label={`${u.disabled ? 'Enable' : 'Disable'} ${u.name}`}
          >
            {u.disabled ? 'Enable' : 'Disable'}
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title="Users" description="Everyone with an account." />
      <ServerTable<AdminUser>
        label="Users"
        columns={columns}
        result={users.data}
        fetching={users.isFetching}
        error={users.error}
        onRetry={() => users.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Name or e-mail' }}
        toolbar={
          <Select
            label="Role"
            data={[{ value: '', label: 'All' }, ...userRoles.map((role) => ({ value: role, label: role }))]}
            value={list.filters.role}
            onChange={(value) => list.setFilter('role', value ?? '')}
            allowDeselect={false}
            w={160}
          />
        }
        noRecordsText="No account matches."
      />
    </Stack>
  );
}
