/**
 * spark.readStream: PySpark's DataStreamReader for file sources. `format(f).schema(s).option(k, v)
 * .load(folder)` and the shortcuts csv/json/parquet/orc/text. As in Spark a file source needs a user
 * schema (`_LEGACY_ERROR_TEMP_2048` without one); load() returns a streaming DataFrame at once.
 * Delta tables stream too: `format('delta').load(path)` and `table(name)` (streaming/sources/delta-streaming-relation.ts); their
 * schema is the table's, read when the DataFrame is first analyzed. Auto Loader (`format('cloudFiles')`)
 * infers and keeps its schema in cloudFiles.schemaLocation (cloud-files-relation.ts).
 */
import { LakesqlError } from '../../errors/index.js';
import { DataSourceOptions } from '../../formats/data-source-options.js';
import { parseSchemaDdl } from '../../plan/types/parse-data-type.js';
import { freshAlias, openFrame } from '../../sql/ast/frame.js';
import { tableRelation } from '../../sql/ast/node-builders.js';
import { parseFileSourceOptions } from '../../streaming/index.js';
import { CloudFilesStreamingRelation } from '../../streaming/sources/cloud-files-relation.js';
import { DeltaStreamingRelation } from '../../streaming/sources/delta-streaming-relation.js';
import { FileStreamingRelation, type StreamingRelation } from '../../streaming/sources/streaming-relation.js';
import { DataFrame } from '../dataframe/dataframe.js';
import { SourceSettings } from '../dataframe/source-settings.js';
import type { LakeSession } from '../lake-session.js';

const FILE_FORMATS = new Set(['csv', 'json', 'parquet', 'orc', 'text']);
/**
 * Options the file stream source takes itself (FileStreamOptions) rather than its file reader, lower-case;
 * a batch read of the same files (schema inference, `lakesql ingest`'s merge reads) leaves them out.
 */
export const FILE_STREAM_ONLY_OPTIONS: ReadonlySet<string> = new Set([
  'maxfilespertrigger',
  'maxbytespertrigger',
  'latestfirst',
  'maxfileage',
  'cleansource',
  'sourcearchivedir',
]);
const FILE_SOURCE_OPTIONS = new Set(['path', ...FILE_STREAM_ONLY_OPTIONS]);
export const SCHEMA_INFERENCE_CONF = 'spark.sql.streaming.schemaInference';

export class DataStreamReader extends SourceSettings {
  constructor(private readonly session: LakeSession) {
    super();
  }

  load(path?: string): DataFrame {
    const folder = path ?? this.optionMap.get('path');
    if (this.formatName === 'delta') {
      if (folder === undefined)
        throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'readStream.load() without a path' });
      if (this.userSchema !== undefined) throw new LakesqlError('DELTA_UNSUPPORTED_SCHEMA_DURING_READ', {});
      return this.streamOf(
        new DeltaStreamingRelation(this.session.streamSession, { path: folder }, new Map(this.optionMap)),
      );
    }
    if (this.formatName === 'cloudfiles') {
      if (folder === undefined)
        throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'readStream.load() without a path' });
      return this.streamOf(
        new CloudFilesStreamingRelation(
          this.session.streamSession,
          folder,
          new Map(this.optionMap),
          this.userSchema,
        ),
      );
    }
    if (!FILE_FORMATS.has(this.formatName)) {
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `readStream of format "${this.formatName}" (lakesql streams delta tables, cloudFiles and csv, json, parquet, orc and text files)`,
      });
    }
    if (folder === undefined)
      throw new LakesqlError('UNSUPPORTED_FEATURE', { feature: 'readStream.load() without a path' });
    const schema =
      this.userSchema ?? (this.formatName === 'text' ? parseSchemaDdl('value string') : undefined);
    // DataSource.sourceSchema: without a schema, only spark.sql.streaming.schemaInference lets it be inferred.
    if (schema === undefined && this.session.conf.get(SCHEMA_INFERENCE_CONF)?.toLowerCase() !== 'true')
      throw new LakesqlError('_LEGACY_ERROR_TEMP_2048');
    const sourceOptions = parseFileSourceOptions(this.optionMap);
    const readOptions = new DataSourceOptions(
      [...this.optionMap.entries()].filter(([k]) => !FILE_SOURCE_OPTIONS.has(k.toLowerCase())),
    );
    const source = new FileStreamingRelation(
      this.session.streamSession,
      this.formatName,
      readOptions,
      schema,
      folder,
      sourceOptions,
    );
    return this.streamOf(source);
  }

  /** A Delta table by name, read as a stream (Spark's DataStreamReader.table). */
  table(name: string): DataFrame {
    return this.streamOf(
      new DeltaStreamingRelation(this.session.streamSession, { table: name }, new Map(this.optionMap)),
    );
  }

  /** The streaming DataFrame reading `source`'s view; its schema is known once the source is ready. */
  private streamOf(source: StreamingRelation): DataFrame {
    const alias = freshAlias();
    return new DataFrame(
      this.session,
      async () => {
        await source.ready();
        return openFrame(tableRelation([source.viewName], alias));
      },
      alias,
      source,
    );
  }

  csv(path: string): DataFrame {
    return this.format('csv').load(path);
  }

  json(path: string): DataFrame {
    return this.format('json').load(path);
  }

  parquet(path: string): DataFrame {
    return this.format('parquet').load(path);
  }

  orc(path: string): DataFrame {
    return this.format('orc').load(path);
  }

  text(path: string): DataFrame {
    return this.format('text').load(path);
  }
}
