/**
 * The temp views that name a stream's rows. Each streaming relation reads a view of its own, whose name
 * starts with this prefix, so that the checks of a streaming query tell a stream's relation from a static
 * one by name alone.
 */

/** The prefix of every stream source's view name: a relation of that name reads a stream. */
export const STREAM_VIEW_PREFIX = '__lakesql_stream_source_';

export function isStreamView(name: string): boolean {
  return name.startsWith(STREAM_VIEW_PREFIX);
}
