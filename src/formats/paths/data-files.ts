/**
 * The files a read covers, listed the way Spark's InMemoryFileIndex lists them: a path is a file, a folder
 * (listed recursively) or a glob (`*`, `?`, `[…]`, `{a,b}`); names starting with `_` or `.` are hidden
 * unless they hold `=` (HadoopFSUtils.shouldFilterOutPathName), and `key=value` folders under a read folder
 * are partition folders. A path that matches nothing is PATH_NOT_FOUND, as in DataSource.checkAndGlobPathIfNecessary.
 */
import { LakesqlError } from '../../errors/index.js';
import { type ObjectMeta, ObjectNotFoundError, type ObjectStore } from '../../storage/object-store.js';
import { storeForUrl } from '../../storage/store-for-url.js';
import { sinkLogFiles } from './sink-log-files.js';

export interface DataFile {
  readonly store: ObjectStore;
  readonly key: string;
  /** The folder names between the read root and the file (where `key=value` partition folders are). */
  readonly relativeDir: readonly string[];
  /** For messages: the path as the user would recognise it. */
  readonly displayPath: string;
  /** The file's modification time, in milliseconds since the epoch. */
  readonly lastModified: number;
  /** The file's length in bytes, as listed. */
  readonly size: number;
}

const GLOB_CHARS = /[*?[{]/;

export async function listDataFiles(paths: readonly string[]): Promise<DataFile[]> {
  // One folder written by a streaming file sink: only the files its `_spark_metadata` log committed
  // (DataSource.resolveRelation's FileStreamSink.hasMetadata check, then MetadataLogFileIndex).
  if (paths.length === 1) {
    const committed = await sinkLogFiles(paths[0]!);
    if (committed !== undefined) return committed;
  }
  const out: DataFile[] = [];
  for (const p of paths) out.push(...(await listOne(p)));
  return out;
}

async function listOne(path: string): Promise<DataFile[]> {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const segments = trimmed.split('/');
  const globAt = segments.findIndex((s) => GLOB_CHARS.test(s));
  if (globAt >= 0) return listGlob(trimmed, segments, globAt);
  const cut = trimmed.lastIndexOf('/');
  const parent = cut < 0 ? '.' : cut === 0 ? '/' : trimmed.slice(0, cut);
  const name = trimmed.slice(cut + 1);
  const parentStore = storeForUrl(parent);
  const file = await headOf(parentStore, name);
  if (file !== undefined) {
    return [
      {
        store: parentStore,
        key: name,
        relativeDir: [],
        displayPath: trimmed,
        lastModified: file.lastModified,
        size: file.size,
      },
    ];
  }
  const files = await listFolder(storeForUrl(trimmed), trimmed);
  if (files.length === 0) throw new LakesqlError('PATH_NOT_FOUND', { path: displayUrl(trimmed) });
  return files;
}

/**
 * The visible files under the folder `location`, its name taken literally (no glob), recursively; a streaming
 * file sink's folder by its `_spark_metadata` log, as listDataFiles reads it. Empty when there is no folder.
 */
export async function listFolderFiles(location: string): Promise<DataFile[]> {
  const trimmed = location.length > 1 ? location.replace(/\/+$/, '') : location;
  return (await sinkLogFiles(trimmed)) ?? listFolder(storeForUrl(trimmed), trimmed);
}

async function listFolder(store: ObjectStore, root: string): Promise<DataFile[]> {
  const listed = await store.list('');
  const out: DataFile[] = [];
  for (const meta of listed) {
    const parts = meta.path.split('/');
    if (parts.some(isHiddenName)) continue;
    out.push({
      store,
      key: meta.path,
      relativeDir: parts.slice(0, -1),
      displayPath: `${root}/${meta.path}`,
      lastModified: meta.lastModified,
      size: meta.size,
    });
  }
  return out;
}

/**
 * The files a glob covers, matched while walking from its fixed base, one level per pattern segment (as
 * Hadoop's Globber does): only folders whose names match so far are listed, so a glob such as
 * `/usr/lib/*` + `/nomatch` lists /usr/lib and each of its folders once, never the trees below them. A folder
 * the whole pattern matches is read whole.
 */
async function listGlob(path: string, segments: readonly string[], globAt: number): Promise<DataFile[]> {
  const base = segments.slice(0, globAt).join('/') || (path.startsWith('/') ? '/' : '.');
  const pattern = segments.slice(globAt).map(globSegmentRegex);
  const store = storeForUrl(base);
  // A matched name that is hidden is kept only when its pattern segment is a glob (Spark's reading of an
  // explicitly named hidden folder).
  const keeps = (name: string, level: number) =>
    pattern[level]!.test(name) && !(isHiddenName(name) && !GLOB_CHARS.test(segments[globAt + level]!));
  const out: DataFile[] = [];
  let folders = [''];
  for (let level = 0; level < pattern.length && folders.length > 0; level++) {
    const last = level === pattern.length - 1;
    const next: string[] = [];
    for (const folder of folders) {
      const { files, folders: children } = await listLevel(store, folder);
      for (const child of children) if (keeps(lastName(child), level)) next.push(child);
      if (!last) continue;
      for (const meta of files)
        if (keeps(lastName(meta.path), level)) out.push(globFile(store, base, meta, 0));
    }
    folders = next;
  }
  // Folders the whole pattern matched: everything under them but hidden entries.
  for (const folder of folders) {
    for (const meta of await store.list(folder)) {
      const below = meta.path.slice(folder.length).split('/');
      if (below.some(isHiddenName)) continue;
      out.push(globFile(store, base, meta, pattern.length));
    }
  }
  if (out.length === 0) throw new LakesqlError('PATH_NOT_FOUND', { path: displayUrl(path) });
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The files and folders directly in `folder`: the store's own one-level listing, else cut from `list`. */
async function listLevel(
  store: ObjectStore,
  folder: string,
): Promise<{ files: ObjectMeta[]; folders: string[] }> {
  if (store.listLevel) return store.listLevel(folder);
  const files: ObjectMeta[] = [];
  const folders = new Set<string>();
  for (const meta of await store.list(folder)) {
    const rest = meta.path.slice(folder.length);
    const cut = rest.indexOf('/');
    if (cut < 0) files.push(meta);
    else folders.add(`${folder}${rest.slice(0, cut + 1)}`);
  }
  return { files, folders: [...folders].sort() };
}

/** The last name of a key (a folder's ends in `/`). */
function lastName(key: string): string {
  const parts = key.replace(/\/$/, '').split('/');
  return parts[parts.length - 1]!;
}

/** A listed file of a glob; `depth` path segments of its key belong to the pattern, the rest are folders. */
function globFile(store: ObjectStore, base: string, meta: ObjectMeta, depth: number): DataFile {
  const parts = meta.path.split('/');
  return {
    store,
    key: meta.path,
    relativeDir: depth === 0 ? [] : parts.slice(depth, -1),
    displayPath: `${base}/${meta.path}`,
    lastModified: meta.lastModified,
    size: meta.size,
  };
}

/** Hadoop's GlobPattern for one path segment. */
export function globSegmentRegex(segment: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '\\' && i + 1 < segment.length) re += `\\${segment[++i]!}`;
    else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = segment.indexOf(']', i + 1);
      if (close < 0) re += '\\[';
      else {
        re += `[${segment
          .slice(i + 1, close)
          .replace(/^\^/, '^')
          .replace(/^!/, '^')}]`;
        i = close;
      }
    } else if (c === '{') {
      braces += 1;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces -= 1;
      re += ')';
    } else if (c === ',' && braces > 0) re += '|';
    else re += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

export function isHiddenName(name: string): boolean {
  return ((name.startsWith('_') && !name.includes('=')) || name.startsWith('.')) && name !== '';
}

/** The object `key` when it is a file; undefined when it does not exist or is a folder. */
async function headOf(store: ObjectStore, key: string): Promise<ObjectMeta | undefined> {
  if (key === '' || key === '.' || key === '..') return undefined;
  try {
    return await store.head(key);
  } catch (e) {
    if (e instanceof ObjectNotFoundError) return undefined;
    if (e instanceof Error && /EISDIR|not a file|folder/i.test(e.message)) return undefined;
    throw e;
  }
}

/** Spark prints the qualified path: `file:/abs/x.csv`. */
export function displayUrl(path: string): string {
  return path.startsWith('/') ? `file:${path}` : path;
}
