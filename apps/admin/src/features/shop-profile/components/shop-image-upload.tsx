import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { useEffect, useState } from 'react';
import { notifySuccess } from '@/components/notify';
import { assetUrl } from '@/lib/api-client';
import { useUploadShopImage } from '../api/upload-shop-image';

const labels = { logo: 'Logo', banner: 'Banner' } as const;

/** The shop's logo or banner: the chosen picture shows as a preview until it is uploaded. */
export function ShopImageUpload({ kind, current }: { kind: 'logo' | 'banner'; current: string | null }) {
  const upload = useUploadShopImage(kind);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? assetUrl(current);
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {labels[kind]}
      </Text>
      <FormAlert message={error} />
      {shown ? (
        <Image
          src={shown}
          alt={preview ? `New ${kind} (not uploaded yet)` : `Current ${kind}`}
          h={kind === 'logo' ? 96 : 120}
          w={kind === 'logo' ? 96 : '100%'}
          maw={480}
          fit={kind === 'logo' ? 'contain' : 'cover'}
          radius="sm"
        />
      ) : (
        <Text size="sm" c="dimmed">
          No {kind} yet.
        </Text>
      )}
      <Group gap="sm">
        <FileButton
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(chosen) => {
            setError(null);
            setFile(chosen);
          }}
        >
          {(props) => (
            <Button {...props} variant="default" size="sm">
              Choose a {kind}
            </Button>
          )}
        </FileButton>
        {file && (
          <Button
            size="sm"
            loading={upload.isPending}
            onClick={() =>
              upload.mutate(file, {
                onSuccess: () => {
                  setFile(null);
                  notifySuccess(`${labels[kind]} uploaded.`);
                },
                onError: (e) => setError(e instanceof ApiError ? e.message : 'Could not upload the picture.'),
              })
            }
          >
            Upload {kind}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
