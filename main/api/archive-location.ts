/**
 * Where the technique output ZIP is (API.md: "How the output ZIP archive is fetched: not
 * shown"). Decision: the done line may name it in `archive_url` (our local service, with
 * `store_data: true`), `zip_url`, or `archive` / `archive.url` (spellings a vendor plausibly
 * uses); the first http(s) URL found wins. When none is present the app writes the archive
 * itself from the done line (main/archive/).
 */
import type { DoneResult } from '../contract/technique-schema.js';

/** The archive URL of a done line (or done object), or undefined when the server did not give one. */
export function archiveUrlOf(done: DoneResult): string | undefined {
  const d = done as Record<string, unknown>;
  const nested =
    typeof d.archive === 'object' && d.archive !== null
      ? (d.archive as Record<string, unknown>).url
      : undefined;
  for (const v of [d.archive_url, d.zip_url, d.archive, nested]) {
    if (typeof v === 'string' && /^https?:\/\//i.test(v)) return v;
  }
  return undefined;
}
