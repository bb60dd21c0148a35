import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { useRef, useState } from 'react';
import { type CsvProgress, downloadCsv } from '../api/csv-download';
import { useT } from '../lib/i18n/console-intl';

/**
 * "Export CSV" of the whole filtered list from the server's streamed export:
 * progress in rows, and Cancel aborts the download (the server stops reading on disconnect).
 */
/** The accounting exports' formats, each named as its program spells it (the same in every language). */
// The formats' own names, kept as catalogue messages so every word on screen comes from one.
const FORMAT_KEYS = {
  csv: 'common.csv.format.csv',
  xero: 'common.csv.format.xero',
  quickbooks: 'common.csv.format.quickbooks',
} as const;
export type ExportFormat = keyof typeof FORMAT_KEYS;

export function CsvExportButton({
  path,
  query,
  filename,
  format,
}: {
  path: string;
  query: Record<string, string>;
  filename: string;
  /** Several exports side by side: each button is named by its format, not "Export CSV" thrice. */
  format?: ExportFormat;
}) {
  const [progress, setProgress] = useState<CsvProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const { t } = useT();
  const running = progress !== null && !done && !error;
  const name = format ? t(FORMAT_KEYS[format]) : null;
  const title = name ? t('common.csv.exportAs', { format: name }) : t('common.csv.export');

  const start = () => {
    const { limit: _l, starting_after: _s, ...filters } = query;
    abort.current = new AbortController();
    setError(null);
    setDone(false);
    setProgress({ rows: 0, total: null, bytes: 0 });
    downloadCsv(path, filters, filename, { signal: abort.current.signal, onProgress: setProgress }).then(
      (p) => {
        setProgress(p);
        setDone(true);
      },
      (e: Error) => {
        if (e.name === 'AbortError') setProgress(null);
        else setError(e.message);
      },
    );
  };
  const close = () => {
    abort.current?.abort();
    setProgress(null);
    setError(null);
    setDone(false);
  };
  const percent = progress?.total
    ? Math.min(100, Math.round((progress.rows / progress.total) * 100))
    : done
      ? 100
      : 0;
  return (
    <>
      <Button
        label={name ?? t('common.csv.export')}
        aria-label={format ? title : undefined}
        data-export-format={format}
        icon="pi pi-download"
        outlined
        size="small"
        onClick={start}
        disabled={running}
      />
      <Dialog
        header={title}
        visible={progress !== null || error !== null}
        onHide={close}
        style={{ width: 'min(28rem, 95vw)' }}
        footer={
          <Button
            label={running ? t('common.cancel') : t('common.close')}
            severity={running ? 'secondary' : undefined}
            text={running}
            onClick={close}
          />
        }
      >
        {error ? (
          <p role="alert">{t('common.csv.failed', { error })}</p>
        ) : (
          <div className="stack" aria-live="polite">
            <ProgressBar value={percent} aria-label={t('common.csv.progress')} />
            <p className="muted" data-export-rows={progress?.rows ?? 0}>
              {done
                ? t('common.csv.downloaded', { rows: progress?.rows ?? 0 })
                : progress?.total !== null && progress?.total !== undefined
                  ? t('common.csv.progressOf', { rows: progress.rows, total: progress.total })
                  : t('common.csv.progressRows', { rows: progress?.rows ?? 0 })}
            </p>
          </div>
        )}
      </Dialog>
    </>
  );
}
