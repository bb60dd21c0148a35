import type { PairingCode, Terminal } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import QRCode from 'qrcode';
import { useCallback, useEffect, useState } from 'react';
import { useNewPairingCode } from './hooks';

/**
 * A fresh pairing code (8 characters, 15 minutes, single use; a new one voids the old),
 * shown big with a QR code of it and its countdown. A virtual terminal can be opened in this
 * browser with the code filled in, so pairing is one click.
 */
export function PairDialog({
  projectId,
  terminal,
  onClose,
}: {
  projectId: string;
  terminal: Terminal;
  onClose: () => void;
}) {
  const newCode = useNewPairingCode(projectId);
  const [code, setCode] = useState<PairingCode | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const { mutateAsync } = newCode;

  const ask = useCallback(() => {
    setCode(null);
    setQr(null);
    mutateAsync(terminal.id).then(setCode, () => {});
  }, [mutateAsync, terminal.id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one code per opening of the dialog
  useEffect(ask, []);
  useEffect(() => {
    if (!code) return;
    QRCode.toDataURL(code.code, { margin: 4, width: 200, errorCorrectionLevel: 'M' }).then(setQr, () =>
      setQr(null),
    );
  }, [code]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const left = code ? Math.max(0, Math.floor((new Date(code.expires_at).getTime() - now) / 1000)) : 0;
  const expired = Boolean(code) && left === 0;
  const terminalUrl = code ? `/terminal?code=${encodeURIComponent(code.code)}` : '/terminal';

  return (
    <Dialog
      header={`Pair ${terminal.label}`}
      visible
      onHide={onClose}
      style={{ width: 'min(30rem, 95vw)' }}
      modal
    >
      <div className="pair-dialog">
        {newCode.isError ? (
          <Message severity="error" text={(newCode.error as Error).message} />
        ) : !code ? (
          <>
            <Skeleton width="14rem" height="3rem" />
            <Skeleton width="200px" height="200px" />
          </>
        ) : (
          <>
            <p className="muted">
              {terminal.kind === 'virtual'
                ? 'Open the Scanline terminal app on the tablet (or in this browser) and enter this code:'
                : 'On the device, choose “Pair with Scanline” and enter or scan this code:'}
            </p>
            <output
              className={`pairing-code ${expired ? 'pairing-code-expired' : ''}`}
              data-testid="pairing-code"
              aria-label="Pairing code"
            >
              {code.code}
            </output>
            {qr && (
              <img
                src={qr}
                width={200}
                height={200}
                alt={`QR code of the pairing code ${code.code}`}
                className="pairing-qr"
              />
            )}
            <p className={expired ? 'p-error' : 'muted'} role="timer" aria-live="off">
              {expired
                ? 'This code has expired.'
                : `Valid for ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} · single use`}
            </p>
            {terminal.kind === 'virtual' && (
              <Button
                label="Open as virtual terminal in this browser"
                icon="pi pi-external-link"
                outlined
                disabled={expired}
                onClick={() => window.open(terminalUrl, '_blank', 'noopener')}
              />
            )}
            {terminal.status !== 'unpaired' && (
              <Message
                severity="warn"
                text="Pairing again replaces the device now paired with this terminal."
              />
            )}
          </>
        )}
        <div className="dialog-actions">
          <Button label="New code" icon="pi pi-refresh" text onClick={ask} loading={newCode.isPending} />
          <Button label="Done" onClick={onClose} />
        </div>
      </div>
    </Dialog>
  );
}
