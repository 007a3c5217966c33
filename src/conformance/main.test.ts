import { describe, expect, it, vi } from 'vitest';
import { main } from './main.js';

/** Runs main() with stderr captured; returns the exit code and what it wrote. */
async function run(argv: readonly string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    return { code: await main(argv), stderr };
  } finally {
    spy.mockRestore();
  }
}

describe('npm run conformance', () => {
  it('a folder that does not exist is one clear line and exit code 2', async () => {
    for (const suite of ['delta', 'orc', 'spark-sql']) {
      const { code, stderr } = await run([suite, '/no/such/conformance/folder']);
      expect(code).toBe(2);
      expect(stderr).toBe(`conformance ${suite}: no such folder: /no/such/conformance/folder\n`);
    }
  });

  it('an unknown suite or too many arguments prints the usage', async () => {
    const unknown = await run(['bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'unknown suite "bogus"\nusage: npm run conformance -- <delta|orc|spark-sql|spark-sql-corpus> [conformance-dir] [id-filter] [--verbose]\n',
    );
    expect((await run([])).code).toBe(2);
    expect((await run(['delta', 'a', 'b', 'c'])).code).toBe(2);
  });
});
