import type { PGliteOptions } from '@electric-sql/pglite';

export const DURABLE_START_PARAMS: string[] | undefined;
export const DURABLE_CONF: string[];
export const fsyncStats: { calls: number };
export function durableOptions(dataDir: string): Pick<PGliteOptions, 'fs' | 'startParams'>;
