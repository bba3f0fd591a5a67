import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { OFFER_IMAGE_MAX_BYTES } from '@parade/core/offer-schemas';
import { useEffect, useState } from 'react';
import { assetUrl } from '@/lib/api-client';
import { formatFileSize } from '@/lib/format';

/**
 * The offer's picture in its form: the current one, or the chosen file as a preview until the
 * form is saved (it is sent with the offer, not on its own). "Remove" clears either.
 */
export function OfferImageInput({
  current,
  file,
  removed,
  onFileChange,
  onRemove,
  error,
}: {
  current: string | null;
  file: File | null;
  removed: boolean;
  onFileChange: (file: File | null) => void;
  onRemove: () => void;
  error: string | null;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? (removed ? null : assetUrl(current));
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm" id="offer-image-label">
        Picture
      </Text>
      {shown ? (
        <Image
          src={shown}
          alt={preview ? 'New offer picture (saved with the offer)' : 'Current offer picture'}
          h={140}
          w="100%"
          maw={320}
          fit="cover"
          radius="sm"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {removed ? 'The picture will be removed when you save.' : 'No picture yet.'}
        </Text>
      )}
      <Group gap="sm">
        <FileButton accept="image/png,image/jpeg,image/webp,image/gif" onChange={onFileChange}>
          {(props) => (
            <Button {...props} variant="default" size="sm" aria-describedby="offer-image-hint">
              {shown ? 'Choose another picture' : 'Choose a picture'}
            </Button>
          )}
        </FileButton>
        {shown && (
          <Button variant="subtle" color="error" size="sm" onClick={onRemove}>
            Remove picture
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" id="offer-image-hint">
        PNG, JPEG, WebP or GIF, up to {formatFileSize(OFFER_IMAGE_MAX_BYTES)}.
      </Text>
      {error && (
        <Text size="sm" c="error.7" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
