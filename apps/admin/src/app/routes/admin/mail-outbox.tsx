import { Button, Select, Stack, Text } from '@mantine/core';
import type { AdminMail } from '@parade/core/admin-schemas';
import { outboxStatuses } from '@parade/core/enums';
import { ApiError } from '@parade/ui/api-errors';
import type { DataTableColumn } from 'mantine-datatable';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { useMailOutbox } from '@/features/mail-outbox/api/get-mail-outbox';
import { useRetryMail } from '@/features/mail-outbox/api/retry-mail';
import { MailStatusBadge, mailStatusLabel } from '@/features/mail-outbox/components/mail-status';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime } from '@/lib/format';

const statusFilter = [
  { value: '', label: 'All' },
  ...outboxStatuses.map((status) => ({ value: status, label: mailStatusLabel[status] })),
];

/** Every mail the platform wrote: to whom, what for and how delivery went; a failed one can be sent again. */
export function Component() {
  const list = useListParams(['status'] as const);
  const mails = useMailOutbox(list.query as never);
  const retry = useRetryMail();

  const askRetry = async (mail: AdminMail) => {
    const yes = await confirmAction({
      title: 'Send this mail again?',
      message: `“${mail.subject}” to ${mail.to} is tried once more now (it has been tried ${mail.attempts} ${mail.attempts === 1 ? 'time' : 'times'}).`,
      confirmLabel: 'Send again',
      destructive: false,
    });
    if (!yes) return;
    retry.mutate(mail.id, {
      onSuccess: (after) =>
        after.status === 'sent'
          ? notifySuccess(`Mail to ${after.to} sent.`)
          : notifyError(`The relay refused it again: ${after.last_error ?? 'no reason given'}`),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not retry it.'),
    });
  };

  const columns: DataTableColumn<AdminMail>[] = [
    {
      accessor: 'to',
      title: 'To',
      sortable: true,
      render: (m) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {m.to}
        </Text>
      ),
    },
    {
      accessor: 'subject',
      title: 'Subject',
      render: (m) => (
        <Stack gap={0}>
          <Text size="sm">{m.subject}</Text>
          <Text size="xs" c="dimmed">
            {m.kind}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'status',
      title: 'Status',
      render: (m) => (
        <Stack gap={2} align="flex-start" miw={120}>
          <MailStatusBadge status={m.status} />
          {m.status === 'failed' && m.last_error && (
            <Text size="xs" c="dimmed" lineClamp={2} title={m.last_error}>
              {m.last_error}
            </Text>
          )}
          {m.sent_at && (
            <Text size="xs" c="dimmed">
              {formatDateTime(m.sent_at)}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'attempts', title: 'Attempts', textAlign: 'right' },
    { accessor: 'created_at', title: 'Written', sortable: true, render: (m) => formatDateTime(m.created_at) },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (m) =>
        m.status === 'failed' ? (
          <Button
            size="compact-sm"
            variant="outline"
            onClick={() => askRetry(m)}
            loading={retry.isPending && retry.variables === m.id}
            aria-label={`Retry the mail to ${m.to}: ${m.subject}`}
          >
            Retry
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Mail outbox"
        description="Every e-mail Parade wrote and how its delivery went. Logged means kept here only: no mail relay is set up."
      />
      <ServerTable<AdminMail>
        label="Mail outbox"
        columns={columns}
        result={mails.data}
        fetching={mails.isFetching}
        error={mails.error}
        onRetry={() => mails.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Recipient, subject or kind' }}
        toolbar={
          <Select
            label="Status"
            data={statusFilter}
            value={list.filters.status}
            onChange={(value) => list.setFilter('status', value ?? '')}
            allowDeselect={false}
            w={160}
          />
        }
        noRecordsText="No mail matches."
      />
    </Stack>
  );
}
