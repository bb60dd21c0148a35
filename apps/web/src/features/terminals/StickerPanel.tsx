import type { FleetTerminal } from '@scanline/contracts';
import { Button } from 'primereact/button';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
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
 * The terminal's sticker (issue 15 §5): a static pay link, printed as a QR code, that takes
 * payments even while the terminal is switched off. Print it, or rotate it if it leaked.
 */
export function StickerPanel(props: { projectId: string; terminal: FleetTerminal; canManage: boolean }) {
  const { terminal } = props;
  const ui = useUi();
  const qr = useQrDataUrl(terminal.sticker_url);
  const rotate = useRotateSticker(props.projectId);
  const disabled = terminal.status === 'disabled';
  return (
    <section className="surface-card panel sticker-panel" aria-labelledby="sticker-title">
      <h2 id="sticker-title">Sticker QR code</h2>
      <p className="muted">
        Shoppers scan it, type the amount and pay — even while the terminal is off.
        {disabled && ' It takes nothing while the terminal is disabled.'}
      </p>
      <div className="sticker-panel-body">
        {qr ? (
          <img src={qr} width={160} height={160} alt={`Sticker QR code of ${terminal.label}`} />
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
              &nbsp;Print sticker
            </Link>
            <Button
              label="Copy link"
              icon="pi pi-copy"
              size="small"
              text
              onClick={() =>
                navigator.clipboard.writeText(terminal.sticker_url).then(
                  () => ui.toast('success', 'Link copied'),
                  () => ui.toast('error', 'Not copied'),
                )
              }
            />
            <GatedButton
              label="Rotate"
              icon="pi pi-refresh"
              size="small"
              text
              severity="danger"
              allowed={props.canManage}
              reason="Only admins and the owner rotate stickers"
              onClick={() =>
                ui.confirm({
                  header: `Rotate the sticker of ${terminal.label}?`,
                  message: 'The printed sticker stops working at once. Print the new one and replace it.',
                  acceptLabel: 'Rotate sticker',
                  danger: true,
                  onAccept: () =>
                    rotate.mutateAsync(terminal.id).then(
                      () => ui.toast('success', 'Sticker rotated', 'Print the new one.'),
                      (e: Error) => ui.toast('error', 'Not rotated', e.message),
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
