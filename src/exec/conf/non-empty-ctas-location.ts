/** Spark's `spark.sql.legacy.allowNonEmptyLocationInCTAS`: a managed CTAS may write into a folder with files. */
export function allowNonEmptyLocationInCtas(session: {
  readonly conf: { get(key: string): string | undefined };
}): boolean {
  return session.conf.get('spark.sql.legacy.allowNonEmptyLocationInCTAS')?.toLowerCase() === 'true';
}
