import type { TransactionStatus } from '@scanline/contracts';
import { type MessageId, useT } from './i18n';
import { PayResult } from './PayResult';
import { doneText } from './pay-screen';

/** The final screen: paid, failed (with why), or as a closed code. */
export function DoneResult({
  status,
  amount,
  reason,
}: {
  status: TransactionStatus;
  amount: string;
  reason?: MessageId;
}) {
  const { t } = useT();
  const text = doneText(status, amount, reason);
  const message =
    status === 'failed'
      ? t('done.failed.message', { reason: t(reason ?? 'decline.card_declined') })
      : t(text.message, text.values);
  return (
    <PayResult
      icon={status === 'succeeded' ? '✓' : status === 'failed' ? '✕' : status === 'expired' ? '!' : 'i'}
      tone={status === 'succeeded' ? 'good' : status === 'failed' ? 'bad' : 'neutral'}
      title={t(text.title)}
      message={message}
    />
  );
}
