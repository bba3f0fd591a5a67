import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A Vitest reporter (scripts/test.mjs adds it beside the default one) that keeps what a run
 * needs to be made faster and to prove no test was lost:
 * - writes test-results/test-files.json: every test file of every project with its time
 *   (collecting = importing it and what it imports; tests = its tests and hooks) and counts;
 * - prints the tests passed per project, the 15 slowest files, and the distinct tests (file and
 *   name: a test run on both databases counts once) beside the tests run in all.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const timingsFile = path.join(root, 'test-results', 'test-files.json');

export default class TestTimingsReporter {
  /** Per project: when its first file started and its last one ended (its wall-clock span). */
  spans = new Map();

  onTestModuleStart(testModule) {
    const name = testModule.project.name;
    const span = this.spans.get(name) ?? { start: Date.now(), end: Date.now() };
    this.spans.set(name, span);
  }

  onTestModuleEnd(testModule) {
    const span = this.spans.get(testModule.project.name);
    if (span) span.end = Date.now();
  }

  onTestRunEnd(testModules) {
    // A test run on two databases is one test checked twice: distinct = file and full name.
    const distinct = new Set();
    const files = testModules.map((module) => {
      const counts = { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        distinct.add(`${path.relative(root, module.moduleId)} > ${test.fullName}`);
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      // A file that could not be imported has no tests but failed all the same.
      if (module.state() === 'failed' && counts.failed === 0) counts.failed = 1;
      const diagnostic = module.diagnostic();
      return {
        project: module.project.name,
        file: path.relative(root, module.moduleId),
        collectMs: Math.round(diagnostic.collectDuration),
        testsMs: Math.round(diagnostic.duration),
        ...counts,
      };
    });
    const wallSeconds = Object.fromEntries(
      [...this.spans].map(([project, span]) => [project, Math.round((span.end - span.start) / 1000)]),
    );
    mkdirSync(path.dirname(timingsFile), { recursive: true });
    writeFileSync(timingsFile, `${JSON.stringify({ files, wallSeconds, distinctTests: distinct.size }, null, 2)}\n`);
    printTables(files, wallSeconds);
    const executed = files.reduce((sum, file) => sum + file.passed + file.failed + file.skipped, 0);
    console.log(`${distinct.size} distinct tests (file and name), ${executed} run in all (some on both databases)`);
  }
}

/** The tests per project, and the 15 slowest files. */
function printTables(files, wallSeconds) {
  const byProject = new Map();
  for (const file of files) {
    const project = byProject.get(file.project) ?? { files: 0, passed: 0, failed: 0, skipped: 0, ms: 0 };
    project.files += 1;
    project.passed += file.passed;
    project.failed += file.failed;
    project.skipped += file.skipped;
    project.ms += file.collectMs + file.testsMs;
    byProject.set(file.project, project);
  }
  console.log('\nTests per project (summed: over its files; wall: from its first file starting to its last ending):');
  console.table(
    [...byProject].map(([project, p]) => ({
      project,
      files: p.files,
      passed: p.passed,
      failed: p.failed,
      skipped: p.skipped,
      'summed (s)': Math.round(p.ms / 1000),
      'wall (s)': wallSeconds[project] ?? '',
    })),
  );
  console.log('The 15 slowest test files (all of them: test-results/test-files.json):');
  console.table(
    files
      .toSorted((a, b) => b.collectMs + b.testsMs - (a.collectMs + a.testsMs))
      .slice(0, 15)
      .map((f) => ({
        project: f.project,
        file: f.file,
        'import (s)': (f.collectMs / 1000).toFixed(1),
        'tests (s)': (f.testsMs / 1000).toFixed(1),
      })),
  );
}
