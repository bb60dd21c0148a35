import type { ItemImportError, ItemImportResult, ItemImportRowCode } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { send } from '../../api/main-requests';
import { useT } from '../../lib/i18n/console-intl';
import type { MessageId } from '../../messages/keys';
import { itemsPath } from './hooks';

// Each row error's code in the reader's language; the server's English message is its tooltip.
const codeMessage = (code: ItemImportRowCode) => `items.import.code.${code}` as MessageId;

/**
 * Import a catalogue CSV in two steps: Preview sends the file with `mode: preview` (nothing is
 * written) and lists every row's error; Apply is offered only for a file without errors, and
 * writes it in one go (docs/guide/catalogue.md#import).
 */
export function ImportDialog({
  projectId,
  onClose,
  onApplied,
}: {
  projectId: string;
  onClose: () => void;
  onApplied: (result: ItemImportResult) => void;
}) {
  const { t } = useT();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ItemImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (mode: 'preview' | 'apply') => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const result = await send<ItemImportResult>('POST', `${itemsPath(projectId)}/import`, {
        mode,
        csv: file.text,
      });
      if (mode === 'apply') onApplied(result);
      else setPreview(result);
    } catch (e) {
      setError((e as Error).message);
      setPreview(null);
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <div className="flex justify-content-end gap-2">
      <Button label={t('common.cancel')} text onClick={onClose} />
      <Button
        label={t('items.import.preview')}
        outlined
        disabled={!file || busy}
        onClick={() => void run('preview')}
      />
      <Button
        label={t('items.import.apply')}
        disabled={!preview?.valid || busy || (preview.created === 0 && preview.updated === 0)}
        loading={busy}
        onClick={() => void run('apply')}
      />
    </div>
  );

  return (
    <Dialog
      header={t('items.import.title')}
      visible
      onHide={onClose}
      footer={footer}
      style={{ width: '48rem', maxWidth: '100vw' }}
    >
      <p>{t('items.import.intro')}</p>
      <pre className="text-sm">name,category,price,tax_rate,sku,variant</pre>
      <div className="form-field">
        <label htmlFor="items-import-file">{t('items.import.file')}</label>
        <input
          id="items-import-file"
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => {
            const chosen = e.target.files?.[0];
            setPreview(null);
            setError(null);
            setFile(chosen ? { name: chosen.name, text: await chosen.text() } : null);
          }}
        />
      </div>
      {error && <Message severity="error" text={error} className="w-full mt-2" />}
      {preview && (
        <section aria-live="polite" className="mt-3">
          <p>
            {t('items.import.summary', {
              rows: preview.rows,
              created: preview.created,
              updated: preview.updated,
              unchanged: preview.unchanged,
            })}
          </p>
          {preview.valid ? (
            <Message severity="success" text={t('items.import.ready')} className="w-full" />
          ) : (
            <>
              <Message
                severity="error"
                text={t('items.import.hasErrors', { n: preview.errors.length })}
                className="w-full mb-2"
              />
              <h3 className="text-base">{t('items.import.errorsTable')}</h3>
              <DataTable value={preview.errors} size="small" scrollable scrollHeight="20rem">
                <Column field="row" header={t('items.import.row')} />
                <Column header={t('items.import.column')} body={(e: ItemImportError) => e.column ?? '—'} />
                <Column
                  header={t('items.import.problem')}
                  body={(e: ItemImportError) => <span title={e.message}>{t(codeMessage(e.code))}</span>}
                />
              </DataTable>
            </>
          )}
        </section>
      )}
    </Dialog>
  );
}
