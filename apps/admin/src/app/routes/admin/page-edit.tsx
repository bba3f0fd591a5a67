import { Button, Stack } from '@mantine/core';
import type { AdminPage } from '@parade/core/admin-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { useDeletePage, usePage } from '@/features/pages/api/pages';
import { PageForm } from '@/features/pages/components/page-form';
import { paths } from '@/lib/paths';

function EditPage({ id }: { id: number }) {
  const navigate = useNavigate();
  const page = usePage(id);
  const remove = useDeletePage();
  if (page.isPending) return <LoadingState />;
  if (page.isError) return <ErrorState error={page.error} onRetry={() => page.refetch()} />;
  const p = page.data;

  const askDelete = async () => {
    const yes = await confirmAction({
      title: `Delete ${p.title}?`,
      message: `The page and its ${p.settings.length} setting(s) are removed.`,
      confirmLabel: 'Delete page',
    });
    if (!yes) return;
    remove.mutate(p.id, {
      onSuccess: () => {
        notifySuccess(`${p.title} is deleted.`);
        navigate(paths.admin.pages, { replace: true });
      },
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not delete it.'),
    });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={p.title}
        description={`The storefront's /${p.slug} page.`}
        actions={
          <Button variant="outline" color="error" loading={remove.isPending} onClick={askDelete}>
            Delete page
          </Button>
        }
      />
      <PageForm key={p.id} page={p} onSaved={() => undefined} />
    </Stack>
  );
}

/** /platform/pages/new and /platform/pages/{id}: one page and its settings rows. */
export function Component() {
  const navigate = useNavigate();
  const { pageId } = useParams();
  if (pageId === undefined) {
    return (
      <Stack gap="md">
        <PageHeader title="New page" />
        <PageForm page={null} onSaved={(saved: AdminPage) => navigate(paths.admin.page(saved.id), { replace: true })} />
      </Stack>
    );
  }
  const id = Number(pageId);
  if (!Number.isInteger(id) || id <= 0) return <ErrorState error={new ApiError('No such page.', 404)} />;
  return <EditPage id={id} />;
}
