import type { Webhook } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/console-intl';
import { useWebhookActions } from '../../shared/webhooks/hooks';
import { useFormatDate } from '../../theme/display-time-zone';
import { useUi } from '../../ui/global-ui';
import { SecretReveal } from '../../ui/SecretReveal';
import { fetchWebhookSecret } from './hooks';

/** Reveal the signing secret, copy it, or rotate it (the old one keeps signing for 24 hours). */
export function SecretDialog({
  projectId,
  webhook,
  initialSecret,
  onClose,
}: {
  projectId: string;
  webhook: Webhook;
  initialSecret?: string;
  onClose: () => void;
}) {
  const formatDate = useFormatDate();
  const { t } = useT();
  const ui = useUi();
  const { rotate } = useWebhookActions(projectId);
  const [secret, setSecret] = useState<string | null>(initialSecret ?? null);
  const [overlapUntil, setOverlapUntil] = useState(webhook.previous_secret_expires_at);
  const [revealed, setRevealed] = useState(Boolean(initialSecret));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (initialSecret) return;
    fetchWebhookSecret(projectId, webhook.id).then(
      (s) => {
        setSecret(s.secret);
        setOverlapUntil(s.previous_secret_expires_at);
      },
      (e: Error) => setError(e.message),
    );
  }, [projectId, webhook.id, initialSecret]);

  const doRotate = () =>
    ui.confirm({
      header: t('webhooks.secret.rotateHeader'),
      message: t('webhooks.secret.rotateMessage'),
      acceptLabel: t('webhooks.secret.rotate'),
      onAccept: () =>
        rotate.mutateAsync(webhook.id).then(
          (s) => {
            setSecret(s.secret);
            setOverlapUntil(s.previous_secret_expires_at);
            setRevealed(true);
            ui.toast('success', t('webhooks.secret.rotated'), t('webhooks.secret.rotatedText'));
          },
          (e: Error) => ui.toast('error', t('webhooks.secret.notRotated'), e.message),
        ),
    });

  return (
    <Dialog
      header={t('webhooks.secret.title')}
      visible
      onHide={onClose}
      style={{ width: 'min(38rem, 95vw)' }}
      modal
    >
      {initialSecret && <Message severity="info" className="mb-3" text={t('webhooks.secret.info')} />}
      {error ? (
        <Message severity="error" text={error} />
      ) : !secret ? (
        <Skeleton height="2.5rem" />
      ) : (
        <SecretReveal
          secret={secret}
          testId="webhook-secret"
          masked={`whsec_${'•'.repeat(24)}`}
          revealed={revealed}
          onRevealedChange={setRevealed}
        />
      )}
      {overlapUntil && (
        <p className="muted">{t('webhooks.secret.previous', { date: formatDate(overlapUntil) })}</p>
      )}
      <div className="dialog-actions">
        <Button
          label={t('webhooks.secret.rotate')}
          icon="pi pi-refresh"
          outlined
          onClick={doRotate}
          disabled={!secret}
        />
        <Button label={t('webhooks.secret.done')} onClick={onClose} />
      </div>
    </Dialog>
  );
}
