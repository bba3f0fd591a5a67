/** Whether and from where the analytics tag loads (see analytics.ts). */
export interface AnalyticsConfig {
  /** The tag's measurement id (e.g. G-XXXXXXX). */
  id: string;
  /** Where the tag's script comes from; `{id}` is replaced by the id. */
  scriptUrl: string;
}

export const DEFAULT_ANALYTICS_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js?id={id}';

/** The configuration from the build's environment, or null (the default): no id, no tag, no request. */
export function analyticsConfig(env: Record<string, unknown>): AnalyticsConfig | null {
  const id = typeof env.VITE_ANALYTICS_ID === 'string' ? env.VITE_ANALYTICS_ID.trim() : '';
  if (!id) return null;
  const url = typeof env.VITE_ANALYTICS_SCRIPT_URL === 'string' ? env.VITE_ANALYTICS_SCRIPT_URL.trim() : '';
  return { id, scriptUrl: url || DEFAULT_ANALYTICS_SCRIPT_URL };
}
