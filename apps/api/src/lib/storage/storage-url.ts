/**
 * Where uploads and digital files are kept (docs/decisions/041): local disk under DATA_DIR
 * unless STORAGE_URL names an S3-compatible bucket,
 * `s3://<bucket>?endpoint=<http(s) URL>&region=<region>`. Credentials are never in the URL: the
 * AWS SDK reads the standard variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE...).
 */
export type StorageSettings =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** An S3-compatible server (MinIO, R2, s3rver...); unset = AWS S3 itself. */
      endpoint?: string;
      region: string;
      /**
       * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN) of the environment the
       * configuration was read from; unset = the SDK's own chain (a profile, an instance role).
       */
      credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
    };

/** S3's rule for bucket names (lower-case letters, digits, dots and hyphens, 3 to 63). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const KNOWN_OPTIONS = new Set(['endpoint', 'region']);

/**
 * STORAGE_URL read and checked, or the reason it is refused (said to the operator at boot).
 * `defaultRegion` is AWS_REGION when set; S3-compatible servers mostly ignore the region.
 */
export function parseStorageUrl(
  text: string | undefined,
  defaultRegion = 'us-east-1',
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string },
): { ok: true; settings: StorageSettings } | { ok: false; message: string } {
  const value = text?.trim();
  if (!value) return { ok: true, settings: { kind: 'local' } };
  const example = 's3://bucket?endpoint=http://127.0.0.1:9000&region=auto';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: `is not a URL: write ${example} (or leave it unset for local disk)` };
  }
  if (url.protocol !== 's3:') {
    return { ok: false, message: `only s3:// stores are known: write ${example} (or leave it unset for local disk)` };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      message: 'holds credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead, never in the URL',
    };
  }
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) {
    return {
      ok: false,
      message: `"${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots or hyphens): write ${example}`,
    };
  }
  if (url.port || (url.pathname && url.pathname !== '/')) {
    return { ok: false, message: `names a bucket only, with no port or path after it: write ${example}` };
  }
  for (const key of url.searchParams.keys()) {
    if (!KNOWN_OPTIONS.has(key)) return { ok: false, message: `"${key}" is not an option (endpoint, region)` };
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpoint);
    } catch {}
    if (!parsed || !/^https?:$/.test(parsed.protocol)) {
      return { ok: false, message: `endpoint "${endpoint}" is not an http(s) URL, e.g. http://127.0.0.1:9000` };
    }
  }
  const region = url.searchParams.get('region') || defaultRegion;
  return { ok: true, settings: { kind: 's3', bucket, endpoint, region, ...(credentials ? { credentials } : {}) } };
}

/** The store in words for logs and tool output, without anything secret (there is none in the URL). */
export function describeStorage(settings: StorageSettings, dataDir: string): string {
  if (settings.kind === 'local') return `local disk under ${dataDir}`;
  return `s3://${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''} (region ${settings.region})`;
}
