/**
 * `spark_sentences(text, language, country) → VARCHAR[][]`: Spark's Sentences, which splits with
 * java.text.BreakIterator's sentence then word instances for the locale and keeps the words whose first
 * character is a letter or digit. Intl.Segmenter (ICU's break rules, which Java's BreakIterator follows
 * closely) does the splitting here, chunk at a time.
 */
import {
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBScalarFunction,
  LIST,
  listValue,
  VARCHAR,
} from '@duckdb/node-api';

function locale(language: string | null, country: string | null): string {
  if (!language) return 'en-US';
  const tag = country ? `${language}-${country}` : language;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

export function sentences(text: string, language: string | null, country: string | null): string[][] {
  const loc = locale(language, country);
  const bySentence = new Intl.Segmenter(loc, { granularity: 'sentence' });
  const byWord = new Intl.Segmenter(loc, { granularity: 'word' });
  const out: string[][] = [];
  for (const s of bySentence.segment(text)) {
    const words: string[] = [];
    for (const w of byWord.segment(s.segment)) {
      if (/^[\p{L}\p{Nd}]/u.test(w.segment)) words.push(w.segment);
    }
    out.push(words);
  }
  return out;
}

export function registerSentencesUdf(connection: DuckDBConnection): void {
  connection.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: 'spark_sentences',
      returnType: LIST(LIST(VARCHAR)),
      parameterTypes: [VARCHAR, VARCHAR, VARCHAR],
      specialHandling: true,
      mainFunction: (_info, input: DuckDBDataChunk, output) => {
        const [t, l, c] = [0, 1, 2].map((i) => input.getColumnVector(i));
        for (let row = 0; row < input.rowCount; row++) {
          const text = t!.getItem(row) as string | null;
          const value =
            text === null
              ? null
              : listValue(
                  sentences(text, l!.getItem(row) as string | null, c!.getItem(row) as string | null).map(
                    (ws) => listValue(ws),
                  ),
                );
          output.setItem(row, value as never);
        }
        output.flush();
      },
    }),
  );
}
