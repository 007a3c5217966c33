import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../conformance/data-dirs.js';
import { isLakesqlError } from '../errors/index.js';
import { arrayOf, field, IntegerType, LongType, mapOf, StringType, struct } from '../types/data-types.js';
import {
  assignColumnMapping,
  columnMappingMode,
  fieldId,
  physicalName,
  physicalPartitionKey,
  toPhysicalSchema,
} from './column-mapping.js';
import { parseSchemaString } from './schema.js';

const CONFORMANCE = DELTA_CONFORMANCE_DIR;

function firstMetadataAndAdd(table: string): {
  schemaString: string;
  partitionColumns: string[];
  configuration: Record<string, string>;
  partitionKeys: string[];
} {
  const logDir = `${CONFORMANCE}/${table}/delta/_delta_log`;
  const lines = readdirSync(logDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => readFileSync(`${logDir}/${f}`, 'utf8').split('\n'))
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
  const md = lines.find((a) => a.metaData).metaData;
  const add = lines.find((a) => a.add).add;
  return {
    schemaString: md.schemaString,
    partitionColumns: md.partitionColumns,
    configuration: md.configuration,
    partitionKeys: Object.keys(add.partitionValues),
  };
}

const cm = (id: number, name: string) => ({
  'delta.columnMapping.id': id,
  'delta.columnMapping.physicalName': name,
});

describe('columnMappingMode', () => {
  it('reads delta.columnMapping.mode, default none, case-insensitively', () => {
    expect(columnMappingMode({})).toBe('none');
    expect(columnMappingMode({ 'delta.columnMapping.mode': 'name' })).toBe('name');
    expect(columnMappingMode({ 'delta.columnMapping.mode': 'ID' })).toBe('id');
    expect(columnMappingMode({ 'delta.columnMapping.mode': 'none' })).toBe('none');
  });

  it('refuses an unknown mode with DELTA_MODE_NOT_SUPPORTED', () => {
    expect(() => columnMappingMode({ 'delta.columnMapping.mode': 'position' })).toThrow(
      expect.objectContaining({ errorClass: 'DELTA_MODE_NOT_SUPPORTED' }),
    );
  });
});

describe('physicalName / fieldId', () => {
  const f = field('Super Name', StringType, true, cm(2, 'col-3877'));
  it('uses the physical name in name and id mode, the display name in none mode', () => {
    expect(physicalName(f, 'name')).toBe('col-3877');
    expect(physicalName(f, 'id')).toBe('col-3877');
    expect(physicalName(f, 'none')).toBe('Super Name');
    expect(physicalName(field('old', LongType), 'name')).toBe('old');
  });
  it('reads the column id', () => {
    expect(fieldId(f)).toBe(2);
    expect(fieldId(field('x', LongType))).toBeUndefined();
  });
});

describe('toPhysicalSchema', () => {
  const inner = struct([field('d', IntegerType, false, cm(5, 'col-d'))]);
  const schema = struct([
    field('e', arrayOf(inner), true, cm(4, 'col-e')),
    field('m', mapOf(StringType, inner), true, cm(6, 'col-m')),
    field('s', inner, true, cm(7, 'col-s')),
  ]);

  it('renames nested fields inside arrays, maps and structs and keeps the ids', () => {
    const physicalInner = struct([field('col-d', IntegerType, false, cm(5, 'col-d'))]);
    expect(toPhysicalSchema(schema, 'name')).toEqual(
      struct([
        field('col-e', arrayOf(physicalInner), true, cm(4, 'col-e')),
        field('col-m', mapOf(StringType, physicalInner), true, cm(6, 'col-m')),
        field('col-s', physicalInner, true, cm(7, 'col-s')),
      ]),
    );
    expect(toPhysicalSchema(schema, 'none')).toBe(schema);
  });
});

describe('physicalPartitionKey against real logs', () => {
  it.each([
    'delta-rs/table_with_column_mapping',
    'golden/data-reader-timestamp_ntz-name-mode',
    'golden/data-reader-partition-values',
  ])('%s: partitionValues are keyed by the physical name', (table) => {
    const t = firstMetadataAndAdd(table);
    const schema = parseSchemaString(t.schemaString);
    const mode = columnMappingMode(t.configuration);
    const keys = t.partitionColumns.map((c) => physicalPartitionKey(schema, c, mode));
    expect(new Set(keys)).toEqual(new Set(t.partitionKeys));
  });

  it('refuses a partition column that is not in the schema', () => {
    let err: unknown;
    try {
      physicalPartitionKey(struct([field('a', LongType)]), 'b', 'name');
    } catch (e) {
      err = e;
    }
    expect(isLakesqlError(err, 'DELTA_INVALID_SCHEMA')).toBe(true);
  });
});

describe('assignColumnMapping', () => {
  it('assigns ids parent first and col-<uuid> names, continuing from maxColumnId', () => {
    let n = 0;
    const uuid = () => `uuid-${++n}`;
    const schema = struct([
      field('a', LongType),
      field('b', struct([field('c', StringType)])),
      field('e', arrayOf(struct([field('d', IntegerType)]))),
    ]);
    const out = assignColumnMapping(schema, 10, uuid);
    expect(out.maxColumnId).toBe(15);
    expect(out.schema).toEqual(
      struct([
        field('a', LongType, true, cm(11, 'col-uuid-1')),
        field('b', struct([field('c', StringType, true, cm(13, 'col-uuid-3'))]), true, cm(12, 'col-uuid-2')),
        field(
          'e',
          arrayOf(struct([field('d', IntegerType, true, cm(15, 'col-uuid-5'))])),
          true,
          cm(14, 'col-uuid-4'),
        ),
      ]),
    );
  });

  it('keeps existing ids and names and never reuses an id', () => {
    const schema = struct([field('a', LongType, true, cm(7, 'col-a')), field('b', LongType)]);
    const out = assignColumnMapping(schema, 3, () => 'x');
    expect(out.schema.fields[0]!.metadata).toEqual(cm(7, 'col-a'));
    expect(out.schema.fields[1]!.metadata).toEqual(cm(8, 'col-x'));
    expect(out.maxColumnId).toBe(8);
  });

  it('uses random UUIDs by default', () => {
    const out = assignColumnMapping(struct([field('a', LongType)]));
    expect(physicalName(out.schema.fields[0]!, 'name')).toMatch(
      /^col-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(out.maxColumnId).toBe(1);
  });
});
