import type { FleetTerminal } from '@scanline/contracts';
import { Button } from 'primereact/button';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { useRotateSticker } from './hooks';

/** Drawn black on white with a quiet zone, as a phone camera reads it best from a counter. */
export function useQrDataUrl(text: string | undefined, width = 240) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    QRCode.toDataURL(text, { margin: 4, width, errorCorrectionLevel: 'M' }).then(setUrl, () => setUrl(null));
  }, [text, width]);
  return url;
}

/**
 * The terminal's sticker: a static pay link, printed as a QR code, that takes
 * payments even while the terminal is switched off. Print it, or rotate it if it leaked.
 */
export function StickerPanel(props: { projectId: string; terminal: FleetTerminal; canManage: boolean }) {
  const { terminal } = props;
  const ui = useUi();
  const { t } = useT();
  const qr = useQrDataUrl(terminal.sticker_url);
  const rotate = useRotateSticker(props.projectId);
  const disabled = terminal.status === 'disabled';
  return (
    <section className="surface-card panel sticker-panel" aria-labelledby="sticker-title">
      <h2 id="sticker-title">{t('terminals.sticker.title')}</h2>
      <p className="muted">
        {t('terminals.sticker.text')}
        {disabled && t('terminals.sticker.disabled')}
      </p>
      <div className="sticker-panel-body">
        {qr ? (
          <img
            src={qr}
            width={160}
            height={160}
            alt={t('terminals.sticker.alt', { label: terminal.label })}
          />
        ) : (
          <span className="sticker-qr-placeholder" />
        )}
        <div className="sticker-panel-actions">
          <code className="sticker-url" data-testid="sticker-url">
            {terminal.sticker_url}
          </code>
          <div className="row-actions">
            <Link
              to={`/p/${encodeURIComponent(props.projectId)}/terminals/${encodeURIComponent(terminal.id)}/sticker`}
              className="p-button p-button-outlined p-button-sm"
            >
              <span className="pi pi-print" aria-hidden="true" />
              &nbsp;{t('terminals.sticker.print')}
            </Link>
            <Button
              label={t('terminals.sticker.copy')}
              icon="pi pi-copy"
              size="small"
              text
              onClick={() =>
                navigator.clipboard.writeText(terminal.sticker_url).then(
                  () => ui.toast('success', t('terminals.sticker.copied')),
                  () => ui.toast('error', t('terminals.sticker.notCopied')),
                )
              }
            />
            <GatedButton
              label={t('terminals.sticker.rotate')}
              icon="pi pi-refresh"
              size="small"
              text
              severity="danger"
              allowed={props.canManage}
              reason={t('terminals.sticker.onlyAdmins')}
              onClick={() =>
                ui.confirm({
                  header: t('terminals.sticker.rotateHeader', { label: terminal.label }),
                  message: t('terminals.sticker.rotateMessage'),
                  acceptLabel: t('terminals.sticker.rotateAccept'),
                  danger: true,
                  onAccept: () =>
                    rotate.mutateAsync(terminal.id).then(
                      () =>
                        ui.toast('success', t('terminals.sticker.rotated'), t('terminals.sticker.printNew')),
                      (e: Error) => ui.toast('error', t('terminals.sticker.notRotated'), e.message),
                    ),
                })
              }
            />
          </div>
        </div>
      </div>
    </section>
  );
}
