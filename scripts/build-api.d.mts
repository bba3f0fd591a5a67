/** Types for build-api.mjs, which the API tests, the benches and the e2e set-up import. */
export const apiServerFile: string;
export function apiBuildIsStale(): boolean;
export function buildApi(): Promise<void>;
export function buildApiIfNeeded(options?: { force?: boolean }): Promise<void>;
export function bundle(entry: string, outfile: string): Promise<void>;
