/**
 * The DuckDB table function that serves decoded ORC batches: DuckDB pulls chunks of up to 2048 rows and each
 * column is filled straight from its ColumnVector (orc-vector-fill.ts). FINDINGS.md measured this as the
 * fastest way in for JS-produced data.
 *
 * DuckDB cannot drop a function registered through the C API ("Cannot drop internal catalog entry"), so
 * instead of one function per read, each session registers one function, `lakesql_orc_scan(key)`, and
 * reads register their batches under a unique key: `release` deletes the batches and nothing leaks into
 * the catalog. Functions live in the system catalog, so one registration serves every connection of the
 * session's database. The callbacks are synchronous: a batch is decoded (and, from a local file, read)
 * when DuckDB first pulls from it and dropped when its last row is served, so a scan holds one decoded
 * stripe at a time.
 */
import { DuckDBTableFunction, type DuckDBType, VARCHAR } from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import type { EngineSession } from '../engine-session.js';
import { quoteString } from '../sql-text.js';
import type { VectorFill } from './orc-nested-fill.js';

export interface OrcScanColumn {
  readonly name: string;
  readonly type: DuckDBType;
}

/** Rows of one stripe (all of them, or a run of its row groups), and how to decode them. */
export interface OrcScanBatch {
  readonly rows: number;
  /** Decodes the rows: one fill per scan column, each writing from the batch's row `from`. Synchronous. */
  decode(): readonly VectorFill[];
}

export interface OrcScan {
  readonly columns: readonly OrcScanColumn[];
  /** Taken when DuckDB binds the function, so skipping decided before the query applies to it. */
  readonly batches: () => readonly OrcScanBatch[];
}

export interface RegisteredOrcScan {
  /** The table function call that reads the scan, for a FROM clause. */
  readonly from: string;
  release(): Promise<void>;
}

const FUNCTION_NAME = 'lakesql_orc_scan';
const CHUNK_ROWS = 2048;

/** Per session: the scans by key, and the registration (once, on first use). */
const sessions = new WeakMap<EngineSession, { scans: Map<string, OrcScan>; ready: Promise<void> }>();

export async function registerOrcScan(engine: EngineSession, scan: OrcScan): Promise<RegisteredOrcScan> {
  let state = sessions.get(engine);
  if (state === undefined) {
    const scans = new Map<string, OrcScan>();
    const ready = engine.withConnection(async (c) => c.registerTableFunction(orcScanFunction(scans)));
    state = { scans, ready };
    sessions.set(engine, state);
  }
  await state.ready;
  const key = engine.uniqueName('orc_scan');
  const scans = state.scans;
  scans.set(key, scan);
  return {
    from: `${FUNCTION_NAME}(${quoteString(key)})`,
    release: async () => {
      scans.delete(key);
    },
  };
}

interface BindData {
  readonly batches: readonly OrcScanBatch[];
  readonly types: readonly DuckDBType[];
}

interface InitData {
  readonly columns: readonly number[];
  batch: number;
  /** The next row of the current batch to serve. */
  row: number;
  /** The current batch decoded; dropped when the scan moves past it. */
  fills: readonly VectorFill[] | undefined;
}

function orcScanFunction(scans: ReadonlyMap<string, OrcScan>): DuckDBTableFunction {
  return DuckDBTableFunction.create({
    name: FUNCTION_NAME,
    parameterTypes: [VARCHAR],
    supportsProjectionPushdown: true,
    bindFunction: (bind) => {
      const key = String(bind.getParameter(0));
      const scan = scans.get(key);
      if (scan === undefined) {
        bind.setError(`${FUNCTION_NAME}: no ORC scan ${key} (was it released?)`);
        return;
      }
      for (const c of scan.columns) bind.addResultColumn(c.name, c.type);
      const batches = scan.batches();
      bind.setCardinality(
        batches.reduce((n, b) => n + b.rows, 0),
        true,
      );
      bind.setBindData({ batches, types: scan.columns.map((c) => c.type) } satisfies BindData);
    },
    initFunction: (init) => {
      // One thread: batches are served in file and stripe order, as Spark's single-file reads return them.
      init.setMaxThreads(1);
      init.setInitData({
        columns: init.getColumnIndexes(),
        batch: 0,
        row: 0,
        fills: undefined,
      } satisfies InitData);
    },
    mainFunction: (info, out) => {
      const { batches, types } = info.bindData as BindData;
      const state = info.initData as InitData;
      try {
        while (state.batch < batches.length && state.row >= batches[state.batch]!.rows) {
          state.batch += 1;
          state.row = 0;
          state.fills = undefined;
        }
        const batch = batches[state.batch];
        if (batch === undefined) {
          out.rowCount = 0;
          return;
        }
        state.fills ??= batch.decode();
        const fills = state.fills;
        const row = state.row;
        const count = Math.min(CHUNK_ROWS, batch.rows - row);
        out.rowCount = count;
        // Fills write the chunk's native vectors: no node-api wrapper is built per chunk and column.
        state.columns.forEach((column, i) => {
          fills[column]!(
            { vector: duckdb.data_chunk_get_vector(out.chunk, i), type: types[column]! },
            row,
            count,
          );
        });
        state.row = row + count;
      } catch (e) {
        info.setError(e instanceof Error ? e.message : String(e));
      }
    },
  });
}
