import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at a time on a 2-core machine: most of a file's time is importing modules and waiting
    // on DuckDB or child processes, which overlap well (vitest would otherwise run one file at a time there).
    maxWorkers: 2,
  },
});
