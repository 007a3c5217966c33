/**
 * The public reader: `openOrcFile(source)` reads the file tail once; `readStripe(i, columns)` decodes one
 * stripe's requested top-level columns into ColumnVectors, fetching only those columns' streams;
 * `prepareStripe(i, columns).decodeRowGroups(first, end)` decodes only some of its row groups, seeking by
 * the row index.
 */
import type { StructType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { OrcByteSource } from './byte-source.js';
import type { ColumnReadContext } from './column-context.js';
import { slicePresence, sliceVector } from './column-slice.js';
import type { ColumnVector } from './column-vector.js';
import { readFileTail, readStripeStatistics } from './file-tail.js';
import { OrcFormatError, orcCheck } from './orc-error.js';
import type { CompressionKind, StreamKind, StripeFooter, StripeInformation } from './orc-messages.js';
import { mayMatch, type OrcPredicate, predicateColumnIds } from './orc-predicate.js';
import type { OrcColumnStatistics, OrcRowIndexEntry } from './orc-statistics.js';
import { readColumn } from './read-column.js';
import {
  positionLayout,
  type StreamSeek,
  seekedStripeStreams,
  seekPlan,
  streamKindsByColumn,
} from './row-group-seek.js';
import { rowValue } from './row-values.js';
import {
  checkedBytes,
  dataStreamRanges,
  decodeRowIndexStream,
  readRowIndex,
  readStripeFooter,
  rowIndexRanges,
  type StreamRange,
  type StripeStreams,
  stripeStreamsOf,
} from './stripe-streams.js';
import { wallClockConverter } from './timezone.js';
import { buildTypeTree, DEFAULT_DECIMAL_SCALE, type OrcType, sparkSchema } from './type-tree.js';

export interface OrcReadOptions {
  /**
   * The scale of Hive 0.11 decimals, which declare no precision or scale. Spark (through ORC's Java
   * TypeDescription) uses 10; Apache ORC's C++ reader forces 6 (ReaderOptions.forcedScaleOnHive11Decimal).
   */
  readonly hive11DecimalScale?: number;
}

export interface OrcColumn {
  readonly name: string;
  readonly vector: ColumnVector;
}

export interface OrcStripe {
  readonly numberOfRows: number;
  readonly columns: readonly OrcColumn[];
}

/**
 * A stripe whose footer has been read and whose streams are fetched, or, from a source that reads
 * synchronously, fetched when decoded: `decode` never waits, so DuckDB's synchronous table-function
 * callbacks can decode each stripe when they reach it and hold one stripe at a time.
 */
export interface PreparedStripe {
  readonly index: number;
  readonly numberOfRows: number;
  decode(): OrcStripe;
  /**
   * Decodes only row groups [first, end) (ORC's row index: rowIndexStride rows each, counted from the
   * stripe's first row), i.e. stripe rows [first * stride, min(end * stride, numberOfRows)): every column's
   * streams are opened at row group `first`'s row-index positions, so nothing before it is decompressed or
   * decoded, and decoding stops after the range's rows (row-group-seek.ts gives the positions' layout per
   * type). The result's rows are indexed from 0; an empty range (first === end) gives 0 rows. Synchronous,
   * like `decode`: the row indexes were fetched with the stripe, and a synchronous source is read here,
   * each seeked stream only from its range's chunk on. A top-level column whose writer recorded no
   * positions (no ROW_INDEX stream, or empty entries past group 0) is decoded whole and sliced: correct,
   * only slower. Throws an OrcFormatError naming the file, stripe and column when the file has no row
   * index (rowIndexStride 0) or a column's positions do not fit its streams (another writer's layout, or
   * corruption); a range outside 0 <= first <= end <= ceil(numberOfRows / rowIndexStride) is a RangeError.
   */
  decodeRowGroups(first: number, end: number): OrcStripe;
}

export interface OrcRowsOptions {
  /** Top-level columns to read (all when omitted). */
  readonly columns?: readonly string[];
  /**
   * Stripes whose statistics prove that no row satisfies this are not read. The rows of the other
   * stripes are all returned: skipping is an optimisation, the caller still filters.
   */
  readonly predicate?: OrcPredicate;
}

export interface OrcFile {
  readonly name: string;
  /** Spark's schema: the root struct's fields (a non-struct root is one column named `value`). */
  readonly schema: StructType;
  /** The ORC type tree, column 0 at the root. */
  readonly orcType: OrcType;
  readonly numberOfRows: number;
  readonly stripes: readonly StripeInformation[];
  readonly compression: CompressionKind;
  /** The postscript's format version, e.g. [0, 12]; empty for very old files. */
  readonly version: readonly number[];
  readonly userMetadata: ReadonlyMap<string, Uint8Array>;
  /** Root column ids of encrypted subtrees; their values read as the writer's masked variant. */
  readonly encryptedColumns: readonly number[];
  /** Rows per row group of the row index (Footer.rowIndexStride); 0 when the file has no index. */
  readonly rowIndexStride: number;
  /** Whole-file statistics, indexed by column id (0 is the root); empty when the writer kept none. */
  readonly statistics: readonly OrcColumnStatistics[];
  /** Stripe `index`'s statistics by column id, from the metadata section; empty when there are none. */
  stripeStatistics(index: number): Promise<readonly OrcColumnStatistics[]>;
  /** The row index of column id `column` in stripe `index`: one entry per row group (rowIndexStride rows). */
  rowGroupStatistics(index: number, column: number): Promise<readonly OrcRowIndexEntry[]>;
  /** The stripes that may hold a row satisfying `predicate` (all when statistics prove nothing). */
  stripesMatching(predicate: OrcPredicate): Promise<number[]>;
  /**
   * The row groups (rowIndexStride rows each, counted from the stripe's first row) of stripe `index` that
   * may hold a row satisfying `predicate`; undefined when the row index cannot tell (no index, or the
   * predicate names no column of the file).
   */
  rowGroupsMatching(index: number, predicate: OrcPredicate): Promise<number[] | undefined>;
  /** Stripe `index` ready to decode with no more waiting (see PreparedStripe). */
  prepareStripe(index: number, columns?: readonly string[]): Promise<PreparedStripe>;
  /** Decodes stripe `index`; `columns` names the top-level columns to read (all when omitted). */
  readStripe(index: number, columns?: readonly string[]): Promise<OrcStripe>;
  /** Every row as Values (types/value.ts), in schema order; for tests and small files. */
  readRows(options?: readonly string[] | OrcRowsOptions): Promise<Value[][]>;
}

/** Stripes of more rows than this cannot be held in typed arrays; a larger count means corruption. */
const MAX_STRIPE_ROWS = 0x7fffffff;

export async function openOrcFile(source: OrcByteSource, options: OrcReadOptions = {}): Promise<OrcFile> {
  const tail = await readFileTail(source);
  const { postScript, footer, codec } = tail;
  const root = buildTypeTree(footer.types, source.name);
  const hive11Scale = options.hive11DecimalScale ?? DEFAULT_DECIMAL_SCALE;
  const schema = sparkSchema(root, hive11Scale);
  const topLevel = root.kind === 'struct' ? root.children : [root];
  const names = schema.fields.map((f) => f.name);
  const decimal64 = postScript.version[0] === 1 && postScript.version[1] === 9999;
  const typesById: OrcType[] = [];
  const collect = (t: OrcType): void => {
    typesById[t.id] = t;
    for (const c of t.children) collect(c);
  };
  collect(root);
  // Stripe footers and decoded row indexes are read once per file: skipping (rowGroupsMatching), preparing
  // and seeking (decodeRowGroups) all need them.
  const stripeFooters = new Map<number, Promise<StripeFooter>>();
  const footerOf = (index: number, stripe: StripeInformation): Promise<StripeFooter> => {
    let f = stripeFooters.get(index);
    if (f === undefined) {
      f = readStripeFooter(source, codec, stripe, index, footer.types.length);
      stripeFooters.set(index, f);
    }
    return f;
  };
  const rowIndexes = new Map<string, OrcRowIndexEntry[]>();
  const rowIndexKey = (index: number, column: number) => `${index}:${column}`;
  // Encrypted columns (ORC 1.6+) also have an unencrypted, masked variant in the ordinary streams: without
  // the key, that is what Apache ORC's readers return (ORCv1.md "Encryption Variants"), and so do we.

  const prepareStripe = async (index: number, columns?: readonly string[]): Promise<PreparedStripe> => {
    const stripe = footer.stripes[index];
    if (stripe === undefined) {
      throw new OrcFormatError(
        `ORC: ${source.name}: no stripe ${index} (the file has ${footer.stripes.length})`,
      );
    }
    orcCheck(
      stripe.numberOfRows <= MAX_STRIPE_ROWS,
      () => `ORC: ${source.name}: stripe ${index} claims ${stripe.numberOfRows} rows`,
    );
    const picked = pickColumns(names, columns, source.name);
    const ids = new Set<number>([root.id]);
    for (const i of picked) {
      const t = topLevel[i]!;
      for (let id = t.id; id <= t.maxId; id++) ids.add(id);
    }
    const stripeFooter = await footerOf(index, stripe);
    const ranges = dataStreamRanges(source.name, stripe, index, stripeFooter, ids);
    // The row indexes come with the data, so that decodeRowGroups need not wait.
    const stride = footer.rowIndexStride;
    const indexRanges = stride > 0 ? rowIndexRanges(source.name, stripe, index, stripeFooter, ids) : [];
    // A source that can read synchronously is read when the stripe is decoded, so that nothing is held
    // for a stripe before its turn; any other source is read now.
    const readSync = source.readSync?.bind(source);
    const fetch = async (list: readonly StreamRange[]) =>
      Promise.all(list.map(async (r) => checkedBytes(r, await source.read(r.offset, r.length))));
    const [fetched, fetchedIndex] =
      readSync === undefined
        ? await Promise.all([fetch(ranges), fetch(indexRanges)])
        : [undefined, undefined];
    const readAll = (list: readonly StreamRange[]) =>
      list.map((r) => checkedBytes(r, readSync!(r.offset, r.length)));
    const n = stripe.numberOfRows;
    const what = `${source.name}: stripe ${index}`;

    const contextOf = (streams: StripeStreams, rowGroups: boolean): ColumnReadContext => ({
      streams,
      toWallClock: wallClockConverter(stripeFooter.writerTimezone),
      hive11Scale,
      decimal64,
      rowGroups,
    });
    const wholeStreams = () =>
      stripeStreamsOf(source.name, codec, index, stripeFooter, ranges, fetched ?? readAll(ranges));

    const decode = (): OrcStripe => {
      const ctx = contextOf(wholeStreams(), false);
      const out: OrcColumn[] = [];
      if (root.kind === 'struct') {
        const rootPresence = readColumnPresence(ctx, root, n);
        for (const i of picked)
          out.push({ name: names[i]!, vector: readColumn(ctx, topLevel[i]!, n, rootPresence) });
      } else if (picked.length > 0) {
        out.push({ name: names[0]!, vector: readColumn(ctx, root, n, undefined) });
      }
      return { numberOfRows: n, columns: out };
    };

    const rowIndexOfColumn = (column: number): OrcRowIndexEntry[] | undefined => {
      const key = rowIndexKey(index, column);
      let entries = rowIndexes.get(key);
      if (entries === undefined) {
        const at = indexRanges.findIndex((r) => r.column === column);
        if (at < 0) return undefined;
        const [raw] = fetchedIndex === undefined ? readAll([indexRanges[at]!]) : [fetchedIndex[at]!];
        entries = decodeRowIndexStream(codec, indexRanges[at]!, raw!);
        rowIndexes.set(key, entries);
      }
      return entries;
    };
    const decodeRowGroups = (first: number, end: number): OrcStripe => {
      orcCheck(stride > 0, () => `ORC: ${what}: the file has no row index (rowIndexStride 0)`);
      const groups = Math.ceil(n / stride);
      if (!Number.isInteger(first) || !Number.isInteger(end) || first < 0 || first > end || end > groups) {
        throw new RangeError(`ORC: ${what}: row groups [${first}, ${end}) outside the stripe's ${groups}`);
      }
      const start = first * stride;
      const rows = Math.min(end * stride, n) - start;
      // Group 0 starts every stream, whatever the index says (some Java writers leave its positions out);
      // an empty range reads nothing, so it may as well start there.
      const group = rows === 0 ? 0 : first;
      const kinds = streamKindsByColumn(stripeFooter);
      const plans = new Map<number, ReadonlyMap<StreamKind, StreamSeek>>();
      for (const id of ids) {
        const t = typesById[id]!;
        const has = kinds.get(id) ?? new Set<StreamKind>();
        const encoding = stripeFooter.columns[id]!;
        const layout = positionLayout(t, encoding, has, decimal64, hive11Scale);
        const positions = group === 0 ? undefined : (rowIndexOfColumn(id)?.[group]?.positions ?? []);
        const plan = seekPlan(layout, positions, codec.kind !== 'NONE', `${what} column ${id} (${t.kind})`);
        if (plan !== undefined) plans.set(id, plan);
      }
      // The columns read from the range: top-level subtrees whose every column has positions. Any other
      // (its writer recorded none: no ROW_INDEX, or empty entries) is decoded whole and sliced, which is
      // correct, only slower.
      const seeked = new Set<number>();
      const seekSubtree = (t: OrcType) => {
        for (let id = t.id; id <= t.maxId; id++) if (!plans.has(id)) return;
        for (let id = t.id; id <= t.maxId; id++) seeked.add(id);
      };
      if (root.kind === 'struct') {
        if (plans.has(root.id)) seeked.add(root.id);
        for (const i of picked) seekSubtree(topLevel[i]!);
      } else {
        seekSubtree(root);
      }
      // A synchronous source is read only from the chunk (or byte) where a seeked stream starts the range.
      const rawStarts = ranges.map((r) => {
        const seek =
          fetched === undefined && seeked.has(r.column) ? plans.get(r.column)?.get(r.kind) : undefined;
        return seek === undefined ? 0 : Math.min(seek.at[0]!, r.length);
      });
      const raws =
        fetched ??
        ranges.map((r, i) => {
          const from = rawStarts[i]!;
          const part = from === 0 ? r : { ...r, offset: r.offset + from, length: r.length - from };
          return checkedBytes(part, readSync!(part.offset, part.length));
        });
      const whole = stripeStreamsOf(source.name, codec, index, stripeFooter, ranges, raws);
      const seekedPlans = new Map([...plans].filter(([id]) => seeked.has(id)));
      const ctx = contextOf(seekedStripeStreams(whole, codec, ranges, raws, rawStarts, seekedPlans), true);
      const wholeCtx = contextOf(whole, false);
      let wholeRoot: { present: Uint8Array | undefined } | undefined;
      const wholeRootPresence = () => {
        wholeRoot ??= { present: readColumnPresence(wholeCtx, root, n) };
        return wholeRoot.present;
      };
      const read = (
        t: OrcType,
        rangeParent: () => Uint8Array | undefined,
        wholeParent: () => Uint8Array | undefined,
      ) =>
        seeked.has(t.id)
          ? readColumn(ctx, t, rows, rangeParent())
          : sliceVector(readColumn(wholeCtx, t, n, wholeParent()), start, rows);
      const out: OrcColumn[] = [];
      if (root.kind === 'struct') {
        let rangeRoot: { present: Uint8Array | undefined } | undefined;
        const rangeRootPresence = () => {
          rangeRoot ??= {
            present: seeked.has(root.id)
              ? readColumnPresence(ctx, root, rows)
              : slicePresence(wholeRootPresence(), start, rows),
          };
          return rangeRoot.present;
        };
        for (const i of picked)
          out.push({ name: names[i]!, vector: read(topLevel[i]!, rangeRootPresence, wholeRootPresence) });
      } else if (picked.length > 0) {
        const none = () => undefined;
        out.push({ name: names[0]!, vector: read(root, none, none) });
      }
      return { numberOfRows: rows, columns: out };
    };
    return { index, numberOfRows: n, decode, decodeRowGroups };
  };

  const readStripe = async (index: number, columns?: readonly string[]): Promise<OrcStripe> =>
    (await prepareStripe(index, columns)).decode();

  const rowIndexOf = async (index: number, columns: readonly number[]) => {
    const stripe = footer.stripes[index];
    if (stripe === undefined) throw new OrcFormatError(`ORC: ${source.name}: no stripe ${index}`);
    const stripeFooter = await footerOf(index, stripe);
    return Promise.all(
      columns.map(async (c) => {
        const key = rowIndexKey(index, c);
        const known = rowIndexes.get(key);
        if (known !== undefined) return known;
        const entries = await readRowIndex(source, codec, stripe, index, stripeFooter, c);
        rowIndexes.set(key, entries);
        return entries;
      }),
    );
  };

  const rowGroupsMatching = async (index: number, predicate: OrcPredicate): Promise<number[] | undefined> => {
    const stride = footer.rowIndexStride;
    const rows = footer.stripes[index]?.numberOfRows ?? 0;
    const ids = predicateColumnIds(predicate, root);
    if (stride === 0 || rows === 0 || ids.length === 0) return undefined;
    const indexes = await rowIndexOf(index, ids);
    const groups = Math.ceil(rows / stride);
    // A column without an index (or with one that does not cover the stripe) proves nothing.
    if (indexes.some((entries) => entries.length !== groups)) return undefined;
    const out: number[] = [];
    for (let g = 0; g < groups; g++) {
      const statistics: OrcColumnStatistics[] = [];
      ids.forEach((id, k) => {
        const s = indexes[k]![g]!.statistics;
        if (s !== undefined) statistics[id] = s;
      });
      if (mayMatch(predicate, { root, statistics, writerVersion: postScript.writerVersion })) out.push(g);
    }
    return out;
  };

  let stripeStats: Promise<OrcColumnStatistics[][]> | undefined;
  const stripeStatistics = async (index: number): Promise<readonly OrcColumnStatistics[]> => {
    stripeStats ??= readStripeStatistics(source, tail);
    return (await stripeStats)[index] ?? [];
  };

  const stripesMatching = async (predicate: OrcPredicate): Promise<number[]> => {
    const out: number[] = [];
    for (let s = 0; s < footer.stripes.length; s++) {
      // A stripe without rows holds no matching row; one without statistics may hold any.
      if (footer.stripes[s]!.numberOfRows === 0) continue;
      const statistics = await stripeStatistics(s);
      const scope = { root, statistics, writerVersion: postScript.writerVersion };
      if (statistics.length === 0 || mayMatch(predicate, scope)) out.push(s);
    }
    return out;
  };

  return {
    name: source.name,
    schema,
    orcType: root,
    numberOfRows: footer.numberOfRows,
    stripes: footer.stripes,
    compression: codec.kind,
    version: postScript.version,
    userMetadata: footer.metadata,
    encryptedColumns: footer.encryptedRoots,
    rowIndexStride: footer.rowIndexStride,
    statistics: footer.statistics,
    stripeStatistics,
    async rowGroupStatistics(index, column) {
      return (await rowIndexOf(index, [column]))[0]!;
    },
    stripesMatching,
    rowGroupsMatching,
    prepareStripe,
    readStripe,
    async readRows(options) {
      const { columns, predicate } = Array.isArray(options)
        ? { columns: options as readonly string[], predicate: undefined }
        : ((options ?? {}) as OrcRowsOptions);
      const stripes =
        predicate === undefined ? footer.stripes.map((_, s) => s) : await stripesMatching(predicate);
      const rows: Value[][] = [];
      for (const s of stripes) {
        const stripe = await readStripe(s, columns);
        for (let r = 0; r < stripe.numberOfRows; r++)
          rows.push(stripe.columns.map((c) => rowValue(c.vector, r)));
      }
      return rows;
    },
  };
}

/** The root struct's own nulls (rare: a null row), which its fields inherit. */
function readColumnPresence(ctx: ColumnReadContext, root: OrcType, n: number): Uint8Array | undefined {
  if (!ctx.streams.has(root.id, 'PRESENT')) return undefined;
  const v = readColumn(ctx, { ...root, children: [], fieldNames: [] }, n, undefined);
  return v.present;
}

function pickColumns(
  names: readonly string[],
  columns: readonly string[] | undefined,
  file: string,
): number[] {
  if (columns === undefined) return names.map((_, i) => i);
  return columns.map((c) => {
    const i = names.indexOf(c);
    if (i >= 0) return i;
    const folded = names.findIndex((n) => n.toLowerCase() === c.toLowerCase());
    if (folded < 0)
      throw new OrcFormatError(`ORC: ${file}: no column ${JSON.stringify(c)} in ${names.join(', ')}`);
    return folded;
  });
}
