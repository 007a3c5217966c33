/**
 * The files a file stream source has taken, as Spark's FileStreamSource.SeenFilesMap keeps them: a file
 * is new when it was never taken and is not older than the last purge point, which is the latest taken
 * file's timestamp minus maxFileAge ("relative to the latest file, not the current time"). The purge
 * point starts at 0, so a query's first batch considers every file.
 */
export class SeenFiles {
  readonly #timestamps = new Map<string, number>();
  #latest = 0;
  #lastPurge = 0;

  constructor(private readonly maxAgeMs: number) {}

  add(url: string, timestamp: number): void {
    this.#timestamps.set(url, timestamp);
    if (timestamp > this.#latest) this.#latest = timestamp;
  }

  /**
   * Compared with the last purge point, so a file aged out but not yet purged is still not taken. With
   * `allowOverwrites` (Auto Loader's option) a taken file whose timestamp moved on is new again.
   */
  isNewFile(f: { readonly url: string; readonly timestamp: number }, allowOverwrites = false): boolean {
    if (f.timestamp < this.#lastPurge) return false;
    const taken = this.#timestamps.get(f.url);
    return taken === undefined || (allowOverwrites && f.timestamp > taken);
  }

  /** Forgets files older than the purge point (they can never be new again); returns how many. */
  purge(): number {
    this.#lastPurge = this.#latest - this.maxAgeMs;
    let removed = 0;
    for (const [url, ts] of this.#timestamps) {
      if (ts < this.#lastPurge) {
        this.#timestamps.delete(url);
        removed += 1;
      }
    }
    return removed;
  }
}
