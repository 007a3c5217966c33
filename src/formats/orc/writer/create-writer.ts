/** The column writer for each ORC type, built over the numbered schema tree. */
import type { ColumnWriter } from './column-writer.js';
import { CollectionWriter, StructWriter, UnionWriter } from './nested-writers.js';
import {
  BooleanWriter,
  ByteWriter,
  DecimalWriter,
  FloatingWriter,
  IntegerWriter,
} from './primitive-writers.js';
import { StringWriter } from './string-writer.js';
import { TimestampWriter } from './timestamp-writer.js';
import type { WriteColumn } from './write-type.js';

export function createColumnWriter(c: WriteColumn, writerZone: string): ColumnWriter {
  const children = c.children.map((k) => createColumnWriter(k, writerZone));
  switch (c.schema.kind) {
    case 'boolean':
      return new BooleanWriter(c);
    case 'tinyint':
      return new ByteWriter(c);
    case 'smallint':
    case 'int':
    case 'bigint':
    case 'date':
      return new IntegerWriter(c);
    case 'float':
    case 'double':
      return new FloatingWriter(c);
    case 'string':
    case 'char':
    case 'varchar':
    case 'binary':
      return new StringWriter(c);
    case 'decimal':
      return new DecimalWriter(c);
    case 'timestamp':
    case 'timestamp with local time zone':
      return new TimestampWriter(c, writerZone);
    case 'struct':
      return new StructWriter(c, children);
    case 'array':
    case 'map':
      return new CollectionWriter(c, children);
    case 'uniontype':
      return new UnionWriter(c, children);
    default:
      return c.schema satisfies never;
  }
}
