/** A log line whose add or remove has no path names the file and its version (found by the damaged-log fuzz). */
import { describe, expect, it } from 'vitest';
import { LakesqlError } from '../errors/index.js';
import { parseActionLines } from './actions-json.js';

describe('parseActionLines', () => {
  it.each([
    ['{"remove":{"path":null,"deletionTimestamp":1}}', 'remove'],
    ['{"add":{"size":1}}', 'add'],
  ])('%s is DELTA_STATE_RECOVER_ERROR naming the file and version', (line, kind) => {
    const where = '_delta_log/00000000000000000007.json';
    let error: unknown;
    try {
      parseActionLines(`{"commitInfo":{}}\n${line}\n`, where);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LakesqlError);
    const e = error as LakesqlError;
    expect([e.errorClass, e.messageParameters]).toEqual([
      'DELTA_STATE_RECOVER_ERROR',
      { component: `log file ${where} (line 2: ${kind} action without a path)`, version: 7 },
    ]);
  });
});
