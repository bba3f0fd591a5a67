import type { SiteSettings } from '@parade/core/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const settingsReply = lazySchema(() => import('@parade/core/settings').then((m) => m.appSettingReplySchema));

export async function getSettings(): Promise<SiteSettings> {
  const reply = await apiRequest('app/setting', { schema: settingsReply });
  return reply.settings;
}

export const getSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['content', 'settings'], queryFn: getSettings, staleTime: 5 * 60_000 });

export const useSettings = () => useQuery(getSettingsQueryOptions());
