import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { apiErrorFrom } from '../api/api-error';
import { useUi } from '../app/global-ui';
import { currentIdToken } from '../auth/auth-context';

/**
 * Downloads every row matching the table's filters from the server's streamed CSV export
 * (not just the page shown), counting rows as they arrive, with a way to cancel.
 */
export function ServerExportButton({ url, filename }: { url: string; filename: string }) {
  const ui = useUi();
  const [rows, setRows] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setRows(0);
    try {
      const token = await currentIdToken(false);
      const res = await fetch(url, {
        headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        signal: abort.signal,
      });
      if (!res.ok || !res.body) throw await apiErrorFrom(res);
      const reader = res.body.getReader();
      const parts: Uint8Array[] = [];
      let lines = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parts.push(value);
        for (const byte of value) if (byte === 10) lines += 1;
        setRows(Math.max(0, lines - 1)); // the header line is not a row
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'text/csv' }));
      link.download = filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      ui.toast('success', 'Export ready', `${Math.max(0, lines - 1).toLocaleString()} rows in ${filename}`);
    } catch (error) {
      if ((error as Error).name !== 'AbortError')
        ui.toast('error', 'Export failed', (error as Error).message);
      else ui.toast('info', 'Export canceled');
    } finally {
      controller.current = null;
      setRows(null);
    }
  };

  return rows === null ? (
    <Button
      label="Export all (CSV)"
      icon="pi pi-file-export"
      outlined
      size="small"
      onClick={() => void start()}
    />
  ) : (
    <span className="export-progress" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {rows.toLocaleString()} rows…{' '}
      <Button label="Cancel" text size="small" onClick={() => controller.current?.abort()} />
    </span>
  );
}
