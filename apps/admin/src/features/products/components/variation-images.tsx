import { ActionIcon, Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { VendorVariation } from '@parade/core/vendor-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { IconArrowLeft, IconArrowRight, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { notifySuccess } from '@/components/notify';
import { assetUrl } from '@/lib/api-client';
import { useUpdateVariation, useUploadImages } from '../api/save-variation';

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * A variation's pictures: the chosen files show as previews before upload (the server checks
 * them by content, size and pixel count); existing ones can be moved (the first is the card's
 * picture) or removed.
 */
export function VariationImages({ productId, variation }: { productId: number; variation: VendorVariation }) {
  const upload = useUploadImages(productId);
  const update = useUpdateVariation(productId);
  const [files, setFiles] = useState<File[]>([]);
  const [previews, setPreviews] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    const urls = files.map((file) => URL.createObjectURL(file));
    setPreviews(urls);
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [files]);

  const choose = (chosen: File[]) => {
    setError(null);
    const tooBig = chosen.find((file) => file.size > MAX_BYTES);
    if (tooBig) {
      setError(`${tooBig.name} is larger than 5 MB.`);
      return;
    }
    setFiles(chosen);
  };

  const saveOrder = (urls: string[], message: string) =>
    update.mutate(
      { id: variation.id, body: { images: urls } },
      {
        onSuccess: () => notifySuccess(message),
        onError: (e) => setError(e instanceof ApiError ? e.message : 'Could not save the pictures.'),
      },
    );

  const urls = variation.images.map((image) => image.url);
  const move = (from: number, to: number) => {
    const next = [...urls];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    saveOrder(next, 'Pictures reordered.');
  };

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Pictures of {variation.full_name}
      </Text>
      <FormAlert message={error} />
      {urls.length === 0 && files.length === 0 && (
        <Text size="sm" c="dimmed">
          No pictures yet. The first picture is the one shoppers see on the product card.
        </Text>
      )}
      <Group gap="sm">
        {urls.map((url, index) => (
          <Paper key={url} withBorder p={4} radius="sm">
            <Image src={assetUrl(url)} alt={`${variation.full_name}, picture ${index + 1}`} w={96} h={96} fit="cover" />
            <Group gap={2} justify="center" mt={4}>
              <ActionIcon
                variant="subtle"
                color="dark"
                disabled={index === 0 || update.isPending}
                aria-label={`Move picture ${index + 1} earlier`}
                onClick={() => move(index, index - 1)}
              >
                <IconArrowLeft size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="dark"
                disabled={index === urls.length - 1 || update.isPending}
                aria-label={`Move picture ${index + 1} later`}
                onClick={() => move(index, index + 1)}
              >
                <IconArrowRight size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="error"
                disabled={update.isPending}
                aria-label={`Remove picture ${index + 1}`}
                onClick={() =>
                  saveOrder(
                    urls.filter((u) => u !== url),
                    'Picture removed.',
                  )
                }
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
        {previews.map((url, index) => (
          <Paper key={url} withBorder p={4} radius="sm" style={{ borderStyle: 'dashed' }}>
            <Image src={url} alt={`New picture ${index + 1} (not uploaded yet)`} w={96} h={96} fit="cover" />
            <Text size="xs" ta="center" c="dimmed">
              Not uploaded
            </Text>
          </Paper>
        ))}
      </Group>
      <Group gap="sm">
        <FileButton onChange={choose} accept={ACCEPT} multiple>
          {(props) => (
            <Button {...props} variant="default" size="sm">
              Choose pictures
            </Button>
          )}
        </FileButton>
        {files.length > 0 && (
          <Button
            size="sm"
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={upload.isPending}
            onClick={() =>
              upload.mutate(
                { variationId: variation.id, files },
                {
                  onSuccess: () => {
                    setFiles([]);
                    notifySuccess(`${files.length === 1 ? 'Picture' : 'Pictures'} uploaded.`);
                  },
                  onError: (e) => setError(e instanceof ApiError ? e.message : 'Could not upload the pictures.'),
                },
              )
            }
          >
            Upload {files.length} {files.length === 1 ? 'picture' : 'pictures'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
