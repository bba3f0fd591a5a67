import { DIGITAL_FILE_FIELD, vendorVariationPayloadSchema } from '@parade/core/vendor-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData, apiUpload } from '@/lib/api-client';
import { useVariationSaved } from './save-variation';

/**
 * POST vendor/variations/{id}/digital-file (multipart, one file): the file a digital product's
 * variation sells, replacing any; the server checks its content and size. `onProgress` hears
 * how much has been sent (0 to 1).
 */
export function useUploadDigitalFile(productId: number) {
  return useMutation({
    mutationFn: ({
      variationId,
      file,
      onProgress,
    }: {
      variationId: number;
      file: File;
      onProgress?: (fraction: number) => void;
    }) => {
      const body = new FormData();
      body.append(DIGITAL_FILE_FIELD, file);
      return apiUpload(`vendor/variations/${variationId}/digital-file`, vendorVariationPayloadSchema, body, {
        onProgress,
      }).then((p) => p.variation);
    },
    onSuccess: useVariationSaved(productId),
  });
}

/** DELETE vendor/variations/{id}/digital-file: the variation keeps no file (deleted from the server). */
export function useRemoveDigitalFile(productId: number) {
  return useMutation({
    mutationFn: (variationId: number) =>
      apiData(`vendor/variations/${variationId}/digital-file`, vendorVariationPayloadSchema, {
        method: 'DELETE',
      }).then((p) => p.variation),
    onSuccess: useVariationSaved(productId),
  });
}
