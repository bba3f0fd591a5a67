import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiUnitFiles, driverDependentFiles } from './api-test-files';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const matching = (pattern: string) => globSync(pattern, { cwd: root });
/** What a test file imports or calls when it opens a database of its own. */
const opensDatabase = /build-test-app|test-database|openDatabase|api-process|fuzz-harness|manage-fixtures/;

describe('the API test projects', () => {
  it('names no driver-dependent file that does not exist (a renamed file would silently stop running on PGlite)', () => {
    for (const pattern of driverDependentFiles) expect(matching(pattern), pattern).not.toEqual([]);
  });

  it('runs once only files that open no database, and each of them exists', () => {
    for (const pattern of apiUnitFiles) {
      const files = matching(pattern);
      expect(files, pattern).not.toEqual([]);
      for (const file of files) expect(readFileSync(path.join(root, file), 'utf8'), file).not.toMatch(opensDatabase);
    }
  });
});
