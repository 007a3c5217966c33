import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const TEST_ROOTS = ['src', 'test'];
const TEST_FILE = /\.test\.ts$/;

/** Every test file under the test roots, as a path relative to the repository. */
function testFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (TEST_FILE.test(entry.name)) files.push(full);
    }
  };
  for (const root of TEST_ROOTS) walk(root);
  return files;
}

/**
 * Test files that replace modules with `vi.mock`: a mock only reaches modules imported after it, so these
 * need a module graph of their own. Found by reading the files, so a new mocking test is isolated too.
 */
const MOCKING_FILES = testFiles().filter((file) =>
  /\bvi\.(?:mock|doMock)\(/.test(readFileSync(file, 'utf8')),
);

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at a time on a 2-core machine: most of a file's time is importing modules and waiting
    // on DuckDB or child processes, which overlap well (vitest would otherwise run one file at a time there).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // The other test files share each worker's loaded modules: importing lakesql's modules afresh for
        // every file cost about three quarters of a file's time (44 of 58 s over src/exec/dml). No test
        // relies on a fresh module: state lives in sessions and temp folders each test makes.
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: MOCKING_FILES,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'mocking', include: MOCKING_FILES, isolate: true } },
    ],
  },
});
