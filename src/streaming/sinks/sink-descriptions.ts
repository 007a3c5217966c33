/**
 * The sink's `description` in a query's progress, as Spark's ProgressReporter writes it: the sink
 * object's toString. Spark's file, memory and foreachBatch sinks override it (`FileSink[<path>]`,
 * `MemorySink`, `ForeachBatchSink`); the console and foreach sinks are DataSource V2 tables that do not,
 * so Spark prints the JVM object's identity (`org.apache.spark.sql.execution.streaming.ConsoleTable$@1b6f5d3c`)
 * or the case class's name. lakesql prints the same class names, with an identity hash derived from the
 * query id so one query reports one stable value.
 */

/** Java's Object.toString form: the class name, `@`, and an identity hash in lower-case hex. */
function objectIdentity(className: string, queryId: string): string {
  let h = 0;
  for (const c of queryId) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return `${className}@${(h >>> 0).toString(16)}`;
}

export const sinkDescriptions = {
  /** Spark's ConsoleTable (a Scala object, hence the `$`) does not override toString. */
  console: (queryId: string) =>
    objectIdentity('org.apache.spark.sql.execution.streaming.ConsoleTable$', queryId),
  /** Spark's ForeachWriterTable: a case class named after itself in progress reports. */
  foreach: () => 'ForeachWriterTable',
  foreachBatch: () => 'ForeachBatchSink',
  memory: () => 'MemorySink',
  /** FileStreamSink.toString: `FileSink[<path>]` with the path as the user gave it. */
  file: (path: string) => `FileSink[${path}]`,
  /** Delta's DeltaSink.toString. */
  delta: (path: string) => `DeltaSink[${path}]`,
} as const;
