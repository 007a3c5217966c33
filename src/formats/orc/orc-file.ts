/**
 * The public reader: `openOrcFile(source)` reads the file tail once; `readStripe(i, columns)` decodes one
 * stripe's requested top-level columns into ColumnVectors, fetching only those columns' streams.
 */
import type { StructType } from '../../types/data-types.js';
import type { Value } from '../../types/value.js';
import type { OrcByteSource } from './byte-source.js';
import type { ColumnReadContext } from './column-context.js';
import type { ColumnVector } from './column-vector.js';
import { readFileTail, readStripeStatistics } from './file-tail.js';
import { OrcFormatError, orcCheck } from './orc-error.js';
import type { CompressionKind, StripeInformation } from './orc-messages.js';
import { mayMatch, type OrcPredicate } from './orc-predicate.js';
import type { OrcColumnStatistics, OrcRowIndexEntry } from './orc-statistics.js';
import { readColumn } from './read-column.js';
import { rowValue } from './row-values.js';
import { readRowIndex, readStripeFooter, readStripeStreams } from './stripe-streams.js';
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
  // Encrypted columns (ORC 1.6+) also have an unencrypted, masked variant in the ordinary streams: without
  // the key, that is what Apache ORC's readers return (ORCv1.md "Encryption Variants"), and so do we.

  const readStripe = async (index: number, columns?: readonly string[]): Promise<OrcStripe> => {
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
    const stripeFooter = await readStripeFooter(source, codec, stripe, index, footer.types.length);
    const streams = await readStripeStreams(source, codec, stripe, index, stripeFooter, ids);
    const ctx: ColumnReadContext = {
      streams,
      toWallClock: wallClockConverter(stripeFooter.writerTimezone),
      hive11Scale,
      decimal64,
    };
    const n = stripe.numberOfRows;
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
      const stripe = footer.stripes[index];
      if (stripe === undefined) throw new OrcFormatError(`ORC: ${source.name}: no stripe ${index}`);
      const stripeFooter = await readStripeFooter(source, codec, stripe, index, footer.types.length);
      return readRowIndex(source, codec, stripe, index, stripeFooter, column);
    },
    stripesMatching,
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
  const stream = ctx.streams.stream(root.id, 'PRESENT');
  if (stream === undefined) return undefined;
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
