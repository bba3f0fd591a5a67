import { Button, FileButton, Group, Image, Input, Stack, Text, TextInput } from '@mantine/core';
import { adminContentImagePayloadSchema } from '@parade/core/admin-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiData, assetUrl } from '@/lib/api-client';

/** POST admin/content-images (multipart, field `image`): the server checks the picture by content, size and pixels. */
function useUploadContentImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('image', file);
      return apiData('admin/content-images', adminContentImagePayloadSchema, { method: 'POST', body }).then(
        (p) => p.image,
      );
    },
  });
}

interface ContentImageInputProps {
  label: string;
  description?: string;
  required?: boolean;
  value?: string;
  onChange: (url: string) => void;
  /** The form's error for the field (Mantine's getInputProps gives it). */
  error?: unknown;
  onBlur?: () => void;
  onFocus?: () => void;
  /** Set by getInputProps: lets the form find this input to focus it after a failed check. */
  'data-path'?: string;
}

/**
 * A picture of the editorial content (slides, posts, deals, page images): upload a file (PNG,
 * JPEG, WebP or GIF, checked again by the server) or type a site path or web address. The
 * picture is previewed as it will be shown; the form keeps the URL the upload answered.
 */
export function ContentImageInput({
  label,
  description,
  required,
  value = '',
  onChange,
  error,
  onBlur,
  onFocus,
  'data-path': dataPath,
}: ContentImageInputProps) {
  const upload = useUploadContentImage();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const statusId = useId();
  const preview = assetUrl(value.trim() || null);
  const fieldError = typeof error === 'string' ? error : undefined;

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        description={description ?? 'Upload a picture, or give a path of this site (/uploads/...) or a web address'}
        required={required}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        onFocus={onFocus}
        error={fieldError}
        data-path={dataPath}
      />
      <Group gap="sm" align="center" wrap="wrap">
        <FileButton
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(file) => {
            if (!file) return;
            setUploadError(null);
            upload.mutate(file, {
              onSuccess: (image) => onChange(image.url),
              onError: (e) => setUploadError(e instanceof ApiError ? e.message : 'Could not upload the picture.'),
            });
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="sm"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={upload.isPending}
              aria-describedby={statusId}
            >
              Upload {label.toLowerCase()}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" id={statusId} aria-live="polite">
          {upload.isPending ? 'Uploading…' : 'PNG, JPEG, WebP or GIF, at most 5 MB'}
        </Text>
      </Group>
      {uploadError && <Input.Error role="alert">{uploadError}</Input.Error>}
      {preview && (
        <Image
          src={preview}
          alt={`Preview of the ${label.toLowerCase()}`}
          h={120}
          w="auto"
          maw="100%"
          fit="contain"
          radius="sm"
          bg="gray.1"
          style={{ alignSelf: 'flex-start' }}
        />
      )}
    </Stack>
  );
}
