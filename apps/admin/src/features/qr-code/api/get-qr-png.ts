import { messages } from '@parade/core/messages';
import { ApiError, errorFromReply, type FailedReply } from '@parade/ui/api-errors';
import { useQuery } from '@tanstack/react-query';
import { assetUrl, getAuthToken } from '@/lib/api-client';

/**
 * The PNG behind a QR payload's `download_url` (an API path that needs the bearer token, so an
 * <img src> cannot load it): fetched as a Blob, which the page shows and saves through an
 * object URL. A failure comes back in the envelope, read for its message.
 */
async function fetchQrPng(downloadUrl: string, signal: AbortSignal): Promise<Blob> {
  const token = getAuthToken();
  let response: Response;
  try {
    response = await fetch(assetUrl(downloadUrl) ?? downloadUrl, {
      headers: { accept: 'image/png', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(messages.genericError, 0);
  }
  if (!response.ok) {
    const reply = (await response.json().catch(() => null)) as FailedReply | null;
    throw errorFromReply(response.status, reply);
  }
  return response.blob();
}

/** The live code's PNG; keyed by its URL, so a regenerated code loads its own picture. */
export const useQrPng = (downloadUrl: string | null) =>
  useQuery({
    queryKey: ['vendor', 'qr-code', 'png', downloadUrl],
    queryFn: ({ signal }) => fetchQrPng(downloadUrl ?? '', signal),
    enabled: downloadUrl !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
