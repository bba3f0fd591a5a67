import { Button, Group } from '@mantine/core';
import { ApiError } from '@parade/ui/api-errors';
import { Link } from 'react-router';
import { confirmAction } from './confirm';
import { notifyError, notifySuccess } from './notify';

/** What the row actions need of a delete mutation (TanStack Query's useMutation result). */
export interface DeleteMutation<Id> {
  mutate(id: Id, options: { onSuccess: () => void; onError: (error: unknown) => void }): void;
  isPending: boolean;
  variables: Id | undefined;
}

/**
 * The delete of one table row: asks first (the message says what goes and what stays), then
 * deletes and says how it went. `name` is the row as people know it.
 */
export async function confirmThenDelete<Id>(
  remove: DeleteMutation<Id>,
  id: Id,
  { name, message, confirmLabel }: { name: string; message: string; confirmLabel: string },
): Promise<void> {
  const yes = await confirmAction({ title: `Delete ${name}?`, message, confirmLabel });
  if (!yes) return;
  remove.mutate(id, {
    onSuccess: () => notifySuccess(`${name} is deleted.`),
    onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not delete it.'),
  });
}

/**
 * A table row's Edit and Delete buttons, named after the row for screen readers. Edit opens a
 * form (`onEdit`) or goes to the row's page (`editTo`); Delete shows progress while this row's
 * delete runs.
 */
export function EditDeleteActions<Id>({
  name,
  id,
  onEdit,
  editTo,
  onDelete,
  remove,
}: {
  name: string;
  id: Id;
  onEdit?: () => void;
  editTo?: string;
  onDelete: () => void;
  remove: DeleteMutation<Id>;
}) {
  const editLabel = `Edit ${name}`;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {editTo ? (
        <Button size="compact-sm" variant="default" component={Link} to={editTo} aria-label={editLabel}>
          Edit
        </Button>
      ) : (
        <Button size="compact-sm" variant="default" onClick={onEdit} aria-label={editLabel}>
          Edit
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="outline"
        color="error"
        onClick={onDelete}
        loading={remove.isPending && remove.variables === id}
        aria-label={`Delete ${name}`}
      >
        Delete
      </Button>
    </Group>
  );
}
