import { messages } from '@parade/core/messages';
import { ApiError, errorFromReply, type FailedReply } from '@parade/ui/api-errors';
import { apiUrl, getAuthToken } from '@/lib/api-client';

/**
 * A CSV export of the API (the ledger, the finance report), fetched with the token (a plain link
 * could not send it) and saved under the name the API gives, else `fallbackName`. A failure comes
 * back in the envelope, read for its message.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, string | undefined>,
  fallbackName: string,
): Promise<void> {
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value) as [string, string][]);
  const token = getAuthToken();
  let response: Response;
  try {
    response = await fetch(`${apiUrl(path)}${search.size ? `?${search}` : ''}`, {
      headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(messages.genericError, 0);
  }
  if (!response.ok) {
    const reply = (await response.json().catch(() => null)) as FailedReply | null;
    throw errorFromReply(response.status, reply);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
