import { mainApi } from './clients';

export interface CsvProgress {
  rows: number;
  /** Rows the server counted for the filters (x-total-count), when it said. */
  total: number | null;
  bytes: number;
}

/**
 * Streams a server CSV export with the user's token, counting rows as they arrive
 * (progress), cancellable through `signal`, then hands the file to the browser as a download.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, string | number | undefined>,
  filename: string,
  opts: { signal: AbortSignal; onProgress: (p: CsvProgress) => void },
): Promise<CsvProgress> {
  const res = await mainApi().raw(path, { query, signal: opts.signal, headers: { accept: 'text/csv' } });
  const totalHeader = res.headers.get('x-total-count');
  const progress: CsvProgress = { rows: 0, total: totalHeader ? Number(totalHeader) : null, bytes: 0 };
  const parts: BlobPart[] = [];
  let lines = 0;
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      progress.bytes += value.byteLength;
      // One line feed per row plus the header. A line break inside a quoted field (a rare
      // free-text reference) runs the count slightly ahead; the final figure is the server's.
      for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
      progress.rows = Math.max(0, lines - 1);
      opts.onProgress({ ...progress });
    }
  }
  if (progress.total !== null) progress.rows = progress.total;
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return progress;
}
