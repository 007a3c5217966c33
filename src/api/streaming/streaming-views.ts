/**
 * The session's temp views over streaming DataFrames: `df.createOrReplaceTempView('v')` of a stream records
 * the DataFrame here, so that `spark.sql('… FROM v …')` is a streaming DataFrame too, as in Spark (where the
 * view's plan keeps its streaming relation). A name counts only while the catalog still holds the very view
 * recorded: a view dropped or replaced by SQL is no longer a stream.
 */
import type { TempView } from '../../exec/relations/temp-view.js';
import type { DataFrame } from '../dataframe/dataframe.js';
import type { LakeSession } from '../lake-session.js';

interface StreamingView {
  readonly df: DataFrame;
  readonly view: TempView;
}

const keyOf = (parts: readonly string[]) => parts.map((p) => p.toLowerCase()).join('.');

export class StreamingViews {
  readonly #views = new Map<string, StreamingView>();

  constructor(private readonly session: LakeSession) {}

  /** The view `parts` now holds `view`: recorded when `df` is a stream, forgotten otherwise. */
  defined(parts: readonly string[], view: TempView, df: DataFrame): void {
    if (df.isStreaming) this.#views.set(keyOf(parts), { df, view });
    else this.#views.delete(keyOf(parts));
  }

  /** The streaming DataFrames behind the temp views a name list may reach, still current in the catalog. */
  async current(): Promise<Map<string, DataFrame>> {
    const out = new Map<string, DataFrame>();
    for (const [key, entry] of this.#views) {
      const found = await this.session.sqlSession.catalog.lookupRelation(key.split('.'));
      if (found?.kind === 'tempView' && found.view === entry.view) out.set(key, entry.df);
      else this.#views.delete(key);
    }
    return out;
  }
}

export function streamNameKey(parts: readonly string[]): string {
  return keyOf(parts);
}
