import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { digitalFileAccept, digitalFileKindsMessage } from '@parade/core/digital-files';
import type { VendorVariation } from '@parade/core/vendor-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { IconFileDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { confirmAction } from '@/components/confirm';
import { notifySuccess } from '@/components/notify';
import { formatFileSize } from '@/lib/format';
import { useRemoveDigitalFile, useUploadDigitalFile } from '../api/variation-digital-file';

/**
 * The file a digital product's variation sells: its name and size, upload (or replace, after
 * confirming: the old file is deleted) with a progress bar, and remove after confirming. The
 * server decides what it accepts (by content and size); its message shows here.
 */
export function VariationDigitalFile({
  productId,
  variation,
  digital,
}: {
  productId: number;
  variation: VendorVariation;
  /** False for a file left on a product made physical since: it can only be removed. */
  digital: boolean;
}) {
  const upload = useUploadDigitalFile(productId);
  const remove = useRemoveDigitalFile(productId);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<{ name: string; percent: number } | null>(null);
  const titleId = useId();
  const file = variation.digital_file;

  const send = async (chosen: File | null) => {
    if (!chosen) return;
    setError(null);
    if (file) {
      const yes = await confirmAction({
        title: 'Replace the file?',
        message: `${file.name} will be deleted and buyers of ${variation.full_name} will download ${chosen.name} instead.`,
        confirmLabel: 'Replace file',
      });
      if (!yes) return;
    }
    setSending({ name: chosen.name, percent: 0 });
    upload.mutate(
      {
        variationId: variation.id,
        file: chosen,
        onProgress: (fraction) => setSending({ name: chosen.name, percent: Math.round(fraction * 100) }),
      },
      {
        onSuccess: (saved) => notifySuccess(`${saved.digital_file?.name ?? chosen.name} is uploaded.`),
        onError: (e) => setError(e instanceof ApiError ? e.message : 'Could not upload the file.'),
        onSettled: () => setSending(null),
      },
    );
  };

  const askRemove = async () => {
    if (!file) return;
    const yes = await confirmAction({
      title: 'Remove the file?',
      message: `${file.name} will be deleted, and ${variation.full_name} goes off sale until you upload another.`,
      confirmLabel: 'Remove file',
    });
    if (!yes) return;
    setError(null);
    remove.mutate(variation.id, {
      onSuccess: () => notifySuccess(`${file.name} is removed.`),
      onError: (e) => setError(e instanceof ApiError ? e.message : 'Could not remove the file.'),
    });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid="digital-file">
      <Text fw={600} size="sm" id={titleId}>
        Download file of {variation.full_name}
      </Text>
      <FormAlert message={error} />
      {file ? (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconFileDownload size={20} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="digital-file-name">
            {file.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {file.size === null ? '' : formatFileSize(file.size)}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No file yet: {variation.full_name} is not for sale until it has one. Buyers download the file once their order
          is paid.
        </Text>
      )}
      {sending && <Progress value={sending.percent} aria-label={`Uploading ${sending.name}`} animated size="md" />}
      {/* Always present, so screen readers announce what is put in it. */}
      <Text size="xs" c="dimmed" role="status">
        {sending ? `Uploading ${sending.name}: ${sending.percent}%` : ''}
      </Text>
      {!digital && (
        <Text size="sm" c="dimmed">
          This product is physical now, and buyers of physical products get no download. Remove the file, or make the
          product digital again.
        </Text>
      )}
      <Group gap="sm">
        {digital && (
          <FileButton onChange={send} accept={digitalFileAccept} disabled={upload.isPending}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="sm"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
                aria-label={`${file ? 'Replace file' : 'Upload file'} of ${variation.full_name}`}
              >
                {file ? 'Replace file' : 'Upload file'}
              </Button>
            )}
          </FileButton>
        )}
        {file && (
          <Button
            variant="subtle"
            color="error"
            size="sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={remove.isPending}
            disabled={upload.isPending}
            onClick={askRemove}
            aria-label={`Remove file of ${variation.full_name}`}
          >
            Remove file
          </Button>
        )}
      </Group>
      {digital && (
        <Text size="xs" c="dimmed">
          {digitalFileKindsMessage}
        </Text>
      )}
    </Stack>
  );
}
