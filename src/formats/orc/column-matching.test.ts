import { describe, expect, it } from 'vitest';
import { field, IntegerType, StringType, struct } from '../../types/data-types.js';
import { bytesSource } from './byte-source.js';
import { fileColumnNames } from './column-matching.js';
import { OrcFormatError } from './orc-error.js';
import { openOrcFile } from './orc-file.js';
import { writeOrcFile } from './writer/index.js';

async function fileWith(names: readonly string[]) {
  const schema = struct(names.map((n) => field(n, IntegerType, true)));
  return openOrcFile(bytesSource(await writeOrcFile(schema, [names.map((_, i) => i)])));
}

const read = (...names: string[]) => struct(names.map((n) => field(n, StringType, true)));

describe('fileColumnNames', () => {
  it('matches named columns by name, ignoring case; a missing one is undefined', async () => {
    const file = await fileWith(['StudentId', 'Mark']);
    expect(fileColumnNames(file, read('mark', 'studentid', 'Name'))).toEqual([
      'Mark',
      'StudentId',
      undefined,
    ]);
  });

  it('matches Hive’s _colN columns by position, and a column past the last is missing', async () => {
    const file = await fileWith(['_col0', '_col1']);
    expect(fileColumnNames(file, read('StudentId', 'Name', 'Extra'))).toEqual(['_col0', '_col1', undefined]);
  });

  it('refuses a schema with fewer columns than the _colN file, as Spark asserts', async () => {
    const file = await fileWith(['_col0', '_col1', '_col2']);
    expect(() => fileColumnNames(file, read('a', 'b'))).toThrow(OrcFormatError);
    expect(() => fileColumnNames(file, read('a', 'b'))).toThrow(/no idea which columns were dropped/);
  });
});
