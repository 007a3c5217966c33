/**
 * What spark.read and spark.readStream share: the builder calls that name a data source — `format`,
 * `option`/`options` and `schema` — collected for the subclass's load().
 */
import { optionText } from '../../formats/data-source-options.js';
import { parseSchemaDdl } from '../../plan/types/parse-data-type.js';
import type { StructType } from '../../types/data-types.js';

export abstract class SourceSettings {
  protected formatName = 'parquet';
  protected readonly optionMap = new Map<string, string>();
  protected userSchema: StructType | undefined;

  format(source: string): this {
    this.formatName = source.toLowerCase();
    return this;
  }

  option(key: string, value: string | number | boolean | bigint): this {
    this.optionMap.set(key, optionText(value));
    return this;
  }

  options(opts: Readonly<Record<string, string | number | boolean | bigint>>): this {
    for (const [k, v] of Object.entries(opts)) this.option(k, v);
    return this;
  }

  /** A DDL string (`'StudentId int, Name string'`) or a StructType. */
  schema(schema: string | StructType): this {
    this.userSchema = typeof schema === 'string' ? parseSchemaDdl(schema) : schema;
    return this;
  }
}
