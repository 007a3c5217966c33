import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineSession } from '../../engine/engine-session.js';
import { isLakesqlError } from '../../errors/index.js';
import { lookupFunction } from '../../plan/functions/registry.js';
import { decimal, StringType } from '../../types/data-types.js';
import { runCall } from './testing/run-call.js';

const s = (v: string) => ({ sql: `'${v.replaceAll("'", "''")}'`, type: StringType, value: v });

let engine: EngineSession;
beforeAll(async () => {
  engine = await EngineSession.create();
});
afterAll(() => engine.close());

// Oracle: results/string-functions.sql.out (to_number blocks).
describe('to_number', () => {
  it.each([
    ['454', '000', '454'],
    ['454.2', '000.0', '454.2'],
    ['12,454', '00,000', '12454'],
    ['$78.12', '$00.00', '78.12'],
    ['+454', 'S000', '454'],
    ['-454', 'S000', '-454'],
    ['12,454.8-', '00,000.9MI', '-12454.8'],
    ['00,454.8-', '00,000.9MI', '-454.8'],
    ['<00,454.8>', '00,000.9PR', '-454.8'],
  ])('to_number(%s, %s) = %s', async (input, format, expected) => {
    const r = await runCall(engine, 'to_number', [s(input), s(format)]);
    expect(String(r)).toBe(expected);
  });
  it('types the result DECIMAL(digits, digits after the point)', () => {
    const arg = (v: string) => ({ type: StringType, sql: v, value: v, foldable: true });
    const t = lookupFunction('to_number')?.resolve([arg('x'), arg('00,000.9MI')], {
      ansi: true,
      timeZone: 'UTC',
    }).returnType;
    expect(t).toEqual(decimal(6, 1));
  });
  it('raises INVALID_FORMAT.MISMATCH_INPUT; try_to_number gives NULL', async () => {
    await expect(runCall(engine, 'to_number', [s('4a5'), s('000')])).rejects.toSatisfy((e) =>
      isLakesqlError(e, 'INVALID_FORMAT.MISMATCH_INPUT'),
    );
    expect(await runCall(engine, 'try_to_number', [s('4a5'), s('000')])).toBe(null);
  });
});
