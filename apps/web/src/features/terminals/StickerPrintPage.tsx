import { Button } from 'primereact/button';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { QueryState } from '../../shared/QueryState';
import { useStickerView, useTerminal } from './hooks';
import { useQrDataUrl } from './StickerPanel';

/**
 * `/p/{id}/terminals/{terminalId}/sticker`: the sticker ready to print: a 60 mm
 * square QR code with the business and terminal name under it; only the sticker prints.
 */
export default function StickerPrintPage() {
  const { id = '', terminalId = '' } = useParams();
  const { t } = useT();
  const terminal = useTerminal(id, terminalId);
  const view = useStickerView(terminal.data);
  const qr = useQrDataUrl(terminal.data?.sticker_url, 600);
  return (
    <QueryState query={terminal}>
      {() => (
        <div className="stack">
          <div className="row-actions no-print">
            <Button
              label={t('terminals.sticker.printButton')}
              icon="pi pi-print"
              onClick={() => window.print()}
              disabled={!qr}
            />
            <Link to={`/p/${encodeURIComponent(id)}/terminals/${encodeURIComponent(terminalId)}`}>
              {t('terminals.sticker.back')}
            </Link>
          </div>
          <figure className="sticker-sheet" data-testid="sticker-sheet">
            {qr && <img src={qr} alt={t('terminals.sticker.alt', { label: terminal.data?.label ?? '' })} />}
            <figcaption>
              <strong>{view.data?.merchant.name ?? ''}</strong>
              <span>{terminal.data?.label}</span>
              <small>{t('terminals.sticker.scanToPay')}</small>
            </figcaption>
          </figure>
        </div>
      )}
    </QueryState>
  );
}
