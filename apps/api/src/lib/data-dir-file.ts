import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The text of a file kept in DATA_DIR for good (a generated secret or key pair): read when it is
 * there, else `make()`'s text written once (mode 0600) and read back. Two processes starting
 * together on one empty DATA_DIR agree: the file appears whole or not at all (written aside,
 * then hard-linked into place, which fails if the other got there first). The caller checks
 * what it read: a damaged file is its to refuse.
 */
export async function readOrCreateDataFile(file: string, make: () => string): Promise<string> {
  const kept = await readIfThere(file);
  if (kept !== null) return kept;
  await mkdir(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(aside, make(), { mode: 0o600, flag: 'wx' });
    await link(aside, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(aside, { force: true });
  }
  const written = await readIfThere(file);
  if (written === null) throw new Error(`${file} could not be read back after it was written`);
  return written;
}

async function readIfThere(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
