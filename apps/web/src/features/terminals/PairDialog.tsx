import type { PairingCode, Terminal } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import QRCode from 'qrcode';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n/console-intl';
import { useNewPairingCode, useTerminal } from './hooks';

/**
 * A fresh pairing code (8 characters, 15 minutes, single use; a new one voids the old),
 * shown big with a QR code of it and its countdown. A virtual terminal can be opened in this
 * browser with the code filled in, so pairing is one click. Once a device pairs with it (the
 * terminal's `paired_at` moves), the code is spent and the dialog closes itself.
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
  const { t } = useT();
  const newCode = useNewPairingCode(projectId);
  const [code, setCode] = useState<PairingCode | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const { mutateAsync } = newCode;
  // Read every 2 s while open: a used code must not stay on screen as if it still worked.
  const watched = useTerminal(projectId, terminal.id, { refetchInterval: 2000 });
  const pairedBefore = useRef<string | null | undefined>(undefined);
  const pairedAt = watched.data?.paired_at;
  useEffect(() => {
    if (pairedAt === undefined) return;
    if (pairedBefore.current === undefined) pairedBefore.current = pairedAt;
    else if (pairedAt !== null && pairedAt !== pairedBefore.current) onClose();
  }, [pairedAt, onClose]);

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
      header={t('terminals.pair.title', { label: terminal.label })}
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
                ? t('terminals.pair.virtualText')
                : t('terminals.pair.physicalText')}
            </p>
            <output
              className={`pairing-code ${expired ? 'pairing-code-expired' : ''}`}
              data-testid="pairing-code"
              aria-label={t('terminals.pair.code')}
            >
              {code.code}
            </output>
            {qr && (
              <img
                src={qr}
                width={200}
                height={200}
                alt={t('terminals.pair.qrAlt', { code: code.code })}
                className="pairing-qr"
              />
            )}
            <p className={expired ? 'p-error' : 'muted'} role="timer" aria-live="off">
              {expired
                ? t('terminals.pair.expired')
                : t('terminals.pair.validFor', {
                    time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`,
                  })}
            </p>
            {terminal.kind === 'virtual' && (
              <Button
                label={t('terminals.pair.openVirtual')}
                icon="pi pi-external-link"
                outlined
                disabled={expired}
                onClick={() => window.open(terminalUrl, '_blank', 'noopener')}
              />
            )}
            {terminal.status !== 'unpaired' && (
              <Message severity="warn" text={t('terminals.pair.replaces')} />
            )}
          </>
        )}
        <div className="dialog-actions">
          <Button
            label={t('terminals.pair.newCode')}
            icon="pi pi-refresh"
            text
            onClick={ask}
            loading={newCode.isPending}
          />
          <Button label={t('terminals.pair.done')} onClick={onClose} />
        </div>
      </div>
    </Dialog>
  );
}
