/**
 * The streaming file sink (Spark's FileStreamSink with its ManifestFileCommitProtocol): each batch's rows
 * are written as new files in the output folder, then committed by adding the batch's file list to the
 * `_spark_metadata` log (formats/paths/file-sink-log.ts). A batch id already in the log is skipped, so a
 * batch re-run after a crash between the log commit and the checkpoint's `commits/N` is not written twice;
 * files of a batch that crashed before its log commit are never listed, so readers never see them.
 */
import { pathToFileURL } from 'node:url';
import { addedFile, FileSinkLog, type SinkFileStatus } from '../../formats/paths/file-sink-log.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { sparkFileUri } from '../../types/file-metadata.js';

/** The formats Spark's file sink writes (FileFormat implementations with a writer). */
export const FILE_SINK_FORMATS = ['parquet', 'orc', 'json', 'csv', 'text'] as const;
export type FileSinkFormat = (typeof FILE_SINK_FORMATS)[number];

export function isFileSinkFormat(name: string): name is FileSinkFormat {
  return (FILE_SINK_FORMATS as readonly string[]).includes(name);
}

/** A file one batch wrote: its key in the output store and its rows. */
export interface BatchFile {
  readonly key: string;
  readonly numRows: number;
}

export class FileStreamSink {
  readonly #log: FileSinkLog;

  constructor(
    private readonly output: ObjectStore,
    compactInterval: number,
  ) {
    this.#log = new FileSinkLog(output, compactInterval);
  }

  /** Whether the log already holds batch `batchId` (a batch re-run after a crash), which is then skipped. */
  async holds(batchId: number): Promise<boolean> {
    return batchId <= (await this.#log.latestBatchId());
  }

  /**
   * Writes batch `batchId` through `write` (which adds files to the output folder and names them) and
   * commits them; returns the rows written, 0 for a batch the log already holds (it is not read again).
   */
  async addBatch(batchId: number, write: () => Promise<readonly BatchFile[]>): Promise<number> {
    if (await this.holds(batchId)) return 0;
    const files = await write();
    const entries: SinkFileStatus[] = [];
    for (const f of files) {
      const meta = await this.output.head(f.key);
      entries.push(addedFile(fileUri(this.output, f.key), meta.size, meta.lastModified));
    }
    await this.#log.add(batchId, entries);
    return files.reduce((n, f) => n + f.numRows, 0);
  }
}

/** The file's absolute URI as Hadoop's Path prints it (`file:/abs/x.parquet`), which Spark's readers expect. */
function fileUri(store: ObjectStore, key: string): string {
  const local = store.localPath(key);
  return local === undefined ? `${store.rootUrl}${key}` : sparkFileUri(pathToFileURL(local).href);
}
