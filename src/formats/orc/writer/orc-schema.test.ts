/** ORC-only types (union, timestamp with local time zone) and the writer time zone. */
import { describe, expect, it } from 'vitest';
import { field, IntegerType, StringType, struct, TimestampType } from '../../../types/data-types.js';
import { bytesSource, openOrcFile } from '../index.js';
import { writeOrcFile } from './index.js';

describe('ORC schemas and time zones', () => {
  it('writes a uniontype column, read back as struct<tag, field0, field1>', async () => {
    const schema = struct([field('u', IntegerType)]);
    const orcSchema = {
      kind: 'struct' as const,
      fields: [
        {
          name: 'u',
          type: {
            kind: 'uniontype' as const,
            variants: [{ kind: 'int' as const }, { kind: 'string' as const }],
          },
        },
      ],
    };
    const rows = [
      [{ kind: 'struct' as const, fields: { tag: 0, field0: 7, field1: null } }],
      [null],
      [{ kind: 'struct' as const, fields: { tag: 1, field0: null, field1: 'x' } }],
    ];
    const bytes = await writeOrcFile(schema, rows, { compression: 'ZLIB', orcSchema });
    const file = await openOrcFile(bytesSource(bytes));
    expect(await file.readRows()).toEqual(rows);
  });

  it('counts timestamp seconds from the writer zone, which the reader gives back as that wall clock', async () => {
    const schema = struct([field('ts', TimestampType), field('s', StringType)]);
    // 2024-07-01T12:00:00Z is 14:00 in Europe/Paris (CEST, +2h).
    const instant = 1719835200000000n;
    const bytes = await writeOrcFile(schema, [[instant, 'a']], {
      compression: 'NONE',
      writerTimeZone: 'Europe/Paris',
    });
    const file = await openOrcFile(bytesSource(bytes));
    expect(await file.readRows()).toEqual([[instant + 2n * 3600n * 1_000_000n, 'a']]);
  });

  it('writes timestamp with local time zone from 2015-01-01 UTC', async () => {
    const schema = struct([field('ts', TimestampType)]);
    const orcSchema = {
      kind: 'struct' as const,
      fields: [{ name: 'ts', type: { kind: 'timestamp with local time zone' as const } }],
    };
    const rows = [[1719835200123456n], [-1n * 86_400_000_000n]];
    const bytes = await writeOrcFile(schema, rows, {
      compression: 'LZ4',
      orcSchema,
      writerTimeZone: 'Asia/Tokyo',
    });
    expect(await (await openOrcFile(bytesSource(bytes))).readRows()).toEqual(rows);
  });
});
