/**
 * Runners that stand in for lakesql's SQL session, to prove the comparator both ways:
 *   - `goldenRunner` answers each statement from the golden file itself (rows read back from their text,
 *     errors thrown with the golden error class), so every block it can answer must pass;
 *   - `brokenRunner` answers the same but drops the last row and misnames error classes, so blocks with
 *     rows or errors must fail.
 * Reading values back from HiveResult text is only done for flat types; a block with binary, nested or
 * interval columns makes the golden runner throw, and that block fails.
 */
import { zoneOffsetSeconds } from '../../exec/value-format/datetime-text.js';
import type { DataType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { GoldenBlock } from './golden-file.js';
import { parseSchemaString } from './schema-string.js';
import type { SqlStatementRunner, StatementResult } from './sql-session.js';

export function goldenRunner(blocks: readonly GoldenBlock[], timeZone: string): SqlStatementRunner {
  return answeringRunner(blocks, timeZone, false);
}

export function brokenRunner(blocks: readonly GoldenBlock[], timeZone: string): SqlStatementRunner {
  return answeringRunner(blocks, timeZone, true);
}

/** An error shaped like a LakesqlError, for golden classes lakesql does not register. */
class StandInError extends Error {
  constructor(readonly errorClass: string) {
    super(`[${errorClass}] (stand-in)`);
  }
}

function answeringRunner(
  blocks: readonly GoldenBlock[],
  timeZone: string,
  broken: boolean,
): SqlStatementRunner {
  let next = 0;
  return {
    async execute(sql: string): Promise<StatementResult> {
      const block = blocks[next];
      next++;
      if (block === undefined || block.query !== sql)
        throw new Error('stand-in: statement out of step with the golden file');
      if (block.error !== undefined)
        throw new StandInError(broken ? 'NOT_THE_CLASS' : (block.error.errorClass ?? 'OLD_STYLE'));
      const columns = parseSchemaString(block.schema);
      if (columns === undefined) throw new Error(`stand-in: cannot read the schema ${block.schema}`);
      if (columns.length === 0) return { kind: 'done' };
      const lines = block.output === '' ? [] : block.output.split('\n');
      const rows = lines.map((line) => {
        const cells = line.split('\t');
        if (cells.length !== columns.length)
          throw new Error('stand-in: a row has tabs or newlines in its values');
        return cells.map((cell, i) => parseCell(cell, (columns[i] as { type: DataType }).type, timeZone));
      });
      return { kind: 'rows', columns, rows: broken ? rows.slice(0, -1) : rows };
    },
    setConf() {},
    close() {},
  };
}

function parseCell(text: string, type: DataType, timeZone: string): Value {
  if (text === 'NULL') return null;
  switch (type.kind) {
    case 'char':
    case 'varchar':
      return text;
    case 'decimal': {
      const [int = '', frac = ''] = text.replace('-', '').split('.');
      const unscaled = BigInt(`${int}${frac.padEnd(type.scale, '0')}`);
      return text.startsWith('-') ? -unscaled : unscaled;
    }
    case 'primitive':
      switch (type.name) {
        case 'string':
          return text;
        case 'boolean':
          return text === 'true';
        case 'byte':
        case 'short':
        case 'integer':
        case 'float':
        case 'double':
          return Number(text);
        case 'long':
          return BigInt(text);
        case 'date':
          return Math.round(Date.parse(`${text}T00:00:00Z`) / 86_400_000);
        case 'timestamp_ntz':
          return wallMicros(text);
        case 'timestamp': {
          const wall = wallMicros(text);
          let utc = wall - BigInt(zoneOffsetSeconds(wall, timeZone)) * 1_000_000n;
          utc = wall - BigInt(zoneOffsetSeconds(utc, timeZone)) * 1_000_000n;
          return utc;
        }
        default:
          break;
      }
      break;
    default:
      break;
  }
  throw new Error(`stand-in: cannot read a ${type.kind} value back from text`);
}

function wallMicros(text: string): bigint {
  const [seconds = '', fraction = ''] = text.split('.');
  const ms = Date.parse(`${seconds.replace(' ', 'T')}Z`);
  if (Number.isNaN(ms)) throw new Error(`stand-in: cannot read the timestamp ${text}`);
  return BigInt(ms) * 1000n + BigInt(fraction.padEnd(6, '0').slice(0, 6) || '0');
}
