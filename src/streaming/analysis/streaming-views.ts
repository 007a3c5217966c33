/**
 * The session's temp views over streaming DataFrames: `df.createOrReplaceTempView('v')` of a stream records
 * the DataFrame here, so that `spark.sql('… FROM v …')` is a streaming DataFrame too, as in Spark (where the
 * view's plan keeps its streaming relation). A name counts only while the catalog still holds the very view
 * recorded: a view dropped or replaced by SQL is no longer a stream.
 */
import type { TempView } from '../../exec/relations/temp-view.js';
import type { SqlSession } from '../../exec/session/sql-session.js';

/** A DataFrame as these views see it (the API's DataFrame is one). */
export interface MaybeStream {
  readonly isStreaming: boolean;
}

interface StreamingView<Stream> {
  readonly df: Stream;
  readonly view: TempView;
}

const keyOf = (parts: readonly string[]) => parts.map((p) => p.toLowerCase()).join('.');

export class StreamingViews<Stream extends MaybeStream> {
  readonly #views = new Map<string, StreamingView<Stream>>();

  constructor(private readonly sqlSession: SqlSession) {}

  /** The view `parts` now holds `view`: recorded when `df` is a stream, forgotten otherwise. */
  defined(parts: readonly string[], view: TempView, df: Stream): void {
    if (df.isStreaming) this.#views.set(keyOf(parts), { df, view });
    else this.#views.delete(keyOf(parts));
  }

  /** The streaming DataFrames behind the temp views a name list may reach, still current in the catalog. */
  async current(): Promise<Map<string, Stream>> {
    const out = new Map<string, Stream>();
    for (const [key, entry] of this.#views) {
      const found = await this.sqlSession.catalog.lookupRelation(key.split('.'));
      if (found?.kind === 'tempView' && found.view === entry.view) out.set(key, entry.df);
      else this.#views.delete(key);
    }
    return out;
  }
}

export function streamNameKey(parts: readonly string[]): string {
  return keyOf(parts);
}
