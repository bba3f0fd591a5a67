import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const durationsFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-durations.json');

/**
 * Starts the longest test files first, whatever their project, from the times committed in
 * scripts/test-durations.json (scripts/save-test-durations.mjs writes it). Vitest's own order runs
 * one project after another and, on a fresh clone with no cache, the largest files first: the
 * API's fuzzing file on PostgreSQL then started last and ran alone for a minute at the end. Files
 * with no recorded time go first (a new file might be long). `sequence.groupOrder` still comes
 * first: the browser specs run after everything else.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded: Record<string, number> = existsSync(durationsFile)
      ? JSON.parse(readFileSync(durationsFile, 'utf8'))
      : {};
    const root = this.ctx.config.root;
    const expected = (spec: TestSpecification) =>
      recorded[`${spec.project.name}:${path.relative(root, spec.moduleId)}`] ?? Number.POSITIVE_INFINITY;
    const groupOrder = (spec: TestSpecification) => spec.project.config.sequence.groupOrder ?? 0;
    return [...files].sort((a, b) => {
      const byGroup = groupOrder(a) - groupOrder(b);
      if (byGroup !== 0) return byGroup;
      const [timeA, timeB] = [expected(a), expected(b)];
      return timeA === timeB ? 0 : timeB > timeA ? 1 : -1;
    });
  }
}
