import { describe, expect, it } from 'vitest';
import { progressLine } from './progress-line.js';

const ERASE_LINE = '\r\x1b[2K';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, columns: 40, writes, write: (t: string) => writes.push(t) };
}

describe('progressLine', () => {
  it('off a terminal there is no progress at all', () => {
    expect(progressLine(fakeStream(false))).toBeUndefined();
  });

  it('a quick statement draws nothing', async () => {
    const stream = fakeStream(true);
    const stop = progressLine(stream, { delayMs: 200, intervalMs: 10 })!(
      { text: 'SELECT 1', offset: 0 },
      'SELECT 1',
    );
    await sleep(20);
    stop();
    await sleep(250);
    expect(stream.writes).toEqual([]);
  });

  it('a slow one redraws a spinner, the elapsed time and its line in place, cut to the width, then erases it', async () => {
    const stream = fakeStream(true);
    const script = 'SELECT 1;\nSELECT count(*)\n  FROM range(100000000000) AS r CROSS JOIN t';
    const stop = progressLine(stream, { delayMs: 10, intervalMs: 10 })!(
      { text: script.slice(10), offset: 10 },
      script,
    );
    await sleep(80);
    stop();
    const drawn = stream.writes.slice(0, -1);
    expect(drawn.length).toBeGreaterThan(1);
    for (const w of drawn) {
      expect(w.startsWith(ERASE_LINE)).toBe(true);
      expect(w.slice(ERASE_LINE.length)).toMatch(
        /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \d+\.\d s {2}line 2: SELECT count\(\*\) FROM/,
      );
      expect([...w.slice(5)].length).toBeLessThan(40);
      expect(w.endsWith('…')).toBe(true);
    }
    expect(stream.writes.at(-1)).toBe(ERASE_LINE);
    const count = stream.writes.length;
    await sleep(40);
    expect(stream.writes.length).toBe(count);
  });
});
