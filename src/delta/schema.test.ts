import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DELTA_CONFORMANCE_DIR } from '../conformance/data-dirs.js';
import { isLakesqlError } from '../errors/index.js';
import {
  arrayOf,
  DateType,
  decimal,
  field,
  IntegerType,
  LongType,
  mapOf,
  primitive,
  StringType,
  struct,
  TimestampNtzType,
} from '../types/data-types.js';
import {
  fieldNames,
  findField,
  leafPaths,
  parseDataType,
  parseSchemaString,
  serializeSchema,
} from './schema.js';

const CONFORMANCE = DELTA_CONFORMANCE_DIR;

/** Every metaData.schemaString in the conformance tables' JSON commits, with where it came from. */
function conformanceSchemaStrings(): { where: string; schemaString: string }[] {
  const out: { where: string; schemaString: string }[] = [];
  for (const group of readdirSync(CONFORMANCE, { withFileTypes: true })) {
    if (!group.isDirectory()) continue;
    for (const table of readdirSync(join(CONFORMANCE, group.name))) {
      const logDir = join(CONFORMANCE, group.name, table, 'delta', '_delta_log');
      let files: string[];
      try {
        files = readdirSync(logDir).filter((f) => f.endsWith('.json'));
      } catch {
        continue;
      }
      for (const f of files) {
        for (const line of readFileSync(join(logDir, f), 'utf8').split('\n')) {
          if (!line.includes('"metaData"')) continue;
          const action = JSON.parse(line) as { metaData?: { schemaString?: string } };
          const s = action.metaData?.schemaString;
          if (typeof s === 'string') out.push({ where: `${group.name}/${table}/${f}`, schemaString: s });
        }
      }
    }
  }
  return out;
}

describe('schemaString golden round trip', () => {
  const all = conformanceSchemaStrings();

  it('finds the conformance schemas', () => {
    expect(all.length).toBeGreaterThan(200);
  });

  it('parse + serialize gives back every Spark/kernel/delta-rs schemaString byte for byte', () => {
    const failures: string[] = [];
    let geo = 0;
    for (const { where, schemaString } of all) {
      // kernel-rs/table-with-geo uses geometry/geography types, which lakesql's DataType cannot express.
      if (where.startsWith('kernel-rs/table-with-geo/')) {
        expect(() => parseSchemaString(schemaString)).toThrow(/DELTA_INVALID_SCHEMA.*geometry/);
        geo++;
        continue;
      }
      const again = serializeSchema(parseSchemaString(schemaString));
      if (again !== schemaString) failures.push(`${where}\n  want ${schemaString}\n  got  ${again}`);
    }
    expect(geo).toBe(1);
    expect(failures).toEqual([]);
  });
});

describe('parseSchemaString', () => {
  it('parses every kind of type', () => {
    const json =
      '{"type":"struct","fields":[' +
      '{"name":"a","type":"integer","nullable":false,"metadata":{}},' +
      '{"name":"d","type":"decimal(10,2)","nullable":true,"metadata":{"comment":"money"}},' +
      '{"name":"e","type":{"type":"array","elementType":{"type":"struct","fields":[{"name":"d","type":"date","nullable":false,"metadata":{}}]},"containsNull":true},"nullable":true,"metadata":{}},' +
      '{"name":"f","type":{"type":"map","keyType":"string","valueType":"timestamp_ntz","valueContainsNull":false},"nullable":true,"metadata":{}},' +
      '{"name":"v","type":"variant","nullable":true,"metadata":{}},' +
      '{"name":"n","type":"void","nullable":true,"metadata":{}}]}';
    expect(parseSchemaString(json)).toEqual(
      struct([
        field('a', IntegerType, false),
        field('d', decimal(10, 2), true, { comment: 'money' }),
        field('e', arrayOf(struct([field('d', DateType, false)]), true)),
        field('f', mapOf(StringType, TimestampNtzType, false)),
        field('v', primitive('variant')),
        field('n', primitive('void')),
      ]),
    );
    expect(serializeSchema(parseSchemaString(json))).toBe(json);
  });

  it('tolerates `decimal` alone, spaces inside decimal(p, s), a variant object and a missing nullable', () => {
    expect(parseDataType('decimal')).toEqual(decimal(10, 0));
    expect(parseDataType('decimal(10, 2)')).toEqual(decimal(10, 2));
    expect(parseDataType('decimal( 38 ,38 )')).toEqual(decimal(38, 38));
    expect(parseDataType({ type: 'variant' })).toEqual(primitive('variant'));
    expect(parseSchemaString('{"type":"struct","fields":[{"name":"x","type":"long"}]}')).toEqual(
      struct([field('x', LongType, true, {})]),
    );
  });

  it('serializes decimals without spaces, as Spark does', () => {
    expect(serializeSchema(struct([field('d', decimal(10, 2))]))).toBe(
      '{"type":"struct","fields":[{"name":"d","type":"decimal(10,2)","nullable":true,"metadata":{}}]}',
    );
  });

  it('keeps long metadata values beyond 2^53 exact and metadata key order as written', () => {
    const json =
      '{"type":"struct","fields":[{"name":"id","type":"long","nullable":false,"metadata":' +
      '{"delta.identity.start":1,"delta.identity.highWaterMark":9223372036854775807,"z":1.5,"a":[true,null,"x"]}}]}';
    const s = parseSchemaString(json);
    expect(s.fields[0]!.metadata['delta.identity.highWaterMark']).toBe(9223372036854775807n);
    expect(s.fields[0]!.metadata['delta.identity.start']).toBe(1);
    expect(serializeSchema(s)).toBe(json);
  });

  it.each([
    ['not JSON', '{"type":'],
    ['unknown primitive', '{"type":"struct","fields":[{"name":"x","type":"int"}]}'],
    ['geometry', '{"type":"struct","fields":[{"name":"x","type":"geometry(OGC:CRS84)"}]}'],
    ['decimal out of range', '{"type":"struct","fields":[{"name":"x","type":"decimal(39,0)"}]}'],
    ['scale above precision', '{"type":"struct","fields":[{"name":"x","type":"decimal(5,6)"}]}'],
    ['top level not a struct', '"long"'],
    ['fields missing', '{"type":"struct"}'],
    [
      'array without containsNull',
      '{"type":"struct","fields":[{"name":"x","type":{"type":"array","elementType":"long"}}]}',
    ],
    ['name missing', '{"type":"struct","fields":[{"type":"long"}]}'],
  ])('rejects %s with DELTA_INVALID_SCHEMA', (_what, json) => {
    let err: unknown;
    try {
      parseSchemaString(json);
    } catch (e) {
      err = e;
    }
    expect(isLakesqlError(err, 'DELTA_INVALID_SCHEMA')).toBe(true);
  });
});

describe('findField / fieldNames / leafPaths', () => {
  const schema = struct([
    field('Id', LongType),
    field('info', struct([field('City', StringType), field('zip', IntegerType)])),
    field('tags', arrayOf(StringType)),
  ]);

  it('finds nested fields case-insensitively by default', () => {
    expect(findField(schema, ['id'])?.name).toBe('Id');
    expect(findField(schema, ['INFO', 'city'])?.name).toBe('City');
    expect(findField(schema, ['info', 'city'], true)).toBeUndefined();
    expect(findField(schema, ['info', 'City'], true)?.type).toEqual(StringType);
    expect(findField(schema, ['tags', 'x'])).toBeUndefined();
    expect(findField(schema, ['nope'])).toBeUndefined();
  });

  it('lists names and leaves', () => {
    expect(fieldNames(schema)).toEqual(['Id', 'info', 'tags']);
    expect(leafPaths(schema)).toEqual([['Id'], ['info', 'City'], ['info', 'zip'], ['tags']]);
  });
});
