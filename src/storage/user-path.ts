/**
 * The one mapping from a path a user writes to the location lakesql opens, used by every entry point that
 * takes a path (LOCATION, `delta.\`…\`` and `parquet.\`…\`` path tables, save/load, readStream, checkpoints,
 * COPY INTO, CONVERT TO DELTA, DeltaTable.forPath, `lakesql table show|check`):
 * - Databricks paths on a local machine: `dbfs:/FileStore/x.csv` and the FUSE form `/dbfs/FileStore/x.csv`
 *   both name `<lakesql.dbfs.root>/FileStore/x.csv`, so notebook code runs as written and nothing is
 *   written to a `/dbfs` folder at the root of the filesystem;
 * - `file:/x`, `file:///x` and `file://localhost/x` name the local path `/x`, as in Spark and Hadoop (whose
 *   Path takes the rest literally: glob characters stay globs and `%20` is not decoded);
 * - every other path (local, relative to the working directory, `memory://`) passes through unchanged for
 *   storeForUrl to interpret.
 * The root is the session's: callers hand over what they know of it (`{ dbfsRoot }`).
 */
/** The session conf key naming the local folder that stands for DBFS. */
export const DBFS_ROOT_CONF = 'lakesql.dbfs.root';

/** What the mapping needs of a session: where DBFS lives on this machine. */
export interface UserPathContext {
  readonly dbfsRoot: string;
}

/** `<warehouse>/../dbfs`: beside the warehouse folder, as Databricks keeps DBFS beside `/user/hive/warehouse`. */
export function defaultDbfsRoot(warehouseDir: string): string {
  const trimmed = warehouseDir.replace(/[\\/]+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? 'dbfs' : `${trimmed.slice(0, cut)}/dbfs`;
}

/** The session's DBFS root: `lakesql.dbfs.root`, else `dbfs` beside the warehouse folder. */
export function dbfsRootOf(conf: ReadonlyMap<string, string>, warehouseDir: string): string {
  return conf.get(DBFS_ROOT_CONF) ?? defaultDbfsRoot(warehouseDir);
}

/** The location a user's path names (see the file comment). */
export function resolveUserPath(path: string, ctx: UserPathContext): string {
  const rest = dbfsRelative(path);
  if (rest !== undefined) {
    const root = ctx.dbfsRoot.replace(/\/+$/, '');
    return rest === '' ? root : `${root}/${rest}`;
  }
  // `file://host/x` names another machine's file: left as written, storeForUrl refuses it.
  const local = /^file:\/\/(?:localhost)?(\/.*)$/i.exec(path) ?? /^file:(\/(?!\/).*)$/i.exec(path);
  return local ? local[1]! : path;
}

/** The part of a DBFS path after its root (`dbfs:/a/b`, `dbfs:///a/b`, `/dbfs/a/b` -> `a/b`), else undefined. */
function dbfsRelative(path: string): string | undefined {
  const uri = /^dbfs:\/*(.*)$/i.exec(path);
  if (uri) return uri[1]!.replace(/\/+$/, '');
  const fuse = /^\/dbfs(?:\/(.*))?$/.exec(path);
  if (fuse) return (fuse[1] ?? '').replace(/\/+$/, '');
  return undefined;
}
