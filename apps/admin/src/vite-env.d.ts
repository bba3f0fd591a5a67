/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API's origin when this site is built for an origin of its own (ADMIN_URL); unset = same origin. */
  readonly VITE_API_URL?: string;
}
