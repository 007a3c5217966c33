/**
 * cleanSource (Spark's FileStreamSourceCleaner): once a batch has committed, its source files are deleted
 * (`delete`) or moved under sourceArchiveDir keeping their own path (`archive`: `/a/b/data.csv` under
 * `/archived/here` becomes `/archived/here/a/b/data.csv`, SourceFileArchiver). A file already gone is
 * skipped, as Spark skips a failed move: the cleanup of a batch re-done after a crash finds its files
 * moved. Files are moved through the object stores (read, written, deleted), so the archive may be on
 * another store than the source.
 */
import { LakesqlError } from '../../errors/index.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { SourceFile } from './file-listing.js';
import type { SourceFileCleaner } from './file-source.js';

/** Deletes each committed file from the source folder. */
export function sourceFileRemover(sourceFolder: ObjectStore): SourceFileCleaner {
  return async (files) => {
    for (const f of files) await ifPresent(() => sourceFolder.delete(nameOf(f)));
  };
}

/**
 * Moves each committed file under the archive folder. `sourceUrl` and `archiveUrl` are the resolved
 * folders; like SourceFileArchiver, an archive folder that the source path could list (the same path, or
 * one a prefix of the other at the shorter depth) is refused before the query starts.
 */
export function sourceFileArchiver(
  sourceFolder: ObjectStore,
  sourceUrl: string,
  archive: ObjectStore,
  archiveUrl: string,
): SourceFileCleaner {
  const source = segmentsOf(sourceUrl);
  const target = segmentsOf(archiveUrl);
  const depth = Math.min(source.length, target.length);
  if (source.slice(0, depth).join('/') === target.slice(0, depth).join('/')) {
    throw new LakesqlError('INVALID_OPTION_VALUE', {
      option: "'sourceArchiveDir'",
      value: `'${archiveUrl}'`,
      reason:
        "Base archive path cannot be set to the path where archived path can possibly match with source pattern. Ensure the base archive path doesn't match with source pattern in depth, where the depth is minimum of depth on both paths.",
    });
  }
  return async (files) => {
    for (const f of files) {
      const name = nameOf(f);
      await ifPresent(async () => {
        const bytes = await sourceFolder.get(name);
        await archive.put(pathOf(f).replace(/^\/+/, ''), bytes);
        await sourceFolder.delete(name);
      });
    }
  };
}

/** The file's name in its folder (a file source lists only the folder's own files). */
function nameOf(f: SourceFile): string {
  const p = pathOf(f);
  return p.slice(p.lastIndexOf('/') + 1);
}

/** The file's absolute path: its local path, or the path part of its URL. */
function pathOf(f: SourceFile): string {
  return f.localPath.startsWith('/') ? f.localPath : decodeURIComponent(new URL(f.url).pathname);
}

function segmentsOf(url: string): string[] {
  const p = url.startsWith('/') ? url : decodeURIComponent(new URL(url).pathname);
  return p.split('/').filter((s) => s !== '');
}

async function ifPresent(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (e) {
    if ((e as Error).name !== 'ObjectNotFoundError') throw e;
  }
}
