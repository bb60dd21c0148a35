import type { Delivery } from '@scanline/contracts';
import { Tag } from 'primereact/tag';
import { translate } from '../../lib/i18n/current-locale';
import type { MessageId } from '../../messages/keys';

const STATUS: Record<Delivery['status'], { tag: MessageId; option: MessageId }> = {
  pending: { tag: 'webhooks.status.pending', option: 'webhooks.option.pending' },
  succeeded: { tag: 'webhooks.status.succeeded', option: 'webhooks.option.succeeded' },
  failed: { tag: 'webhooks.status.failed', option: 'webhooks.option.failed' },
};

/** A delivery status as the status filter offers it, in the reader's language. */
export const deliveryStatusOption = (status: Delivery['status']) =>
  STATUS[status] ? translate(STATUS[status].option) : status;

export function DeliveryStatusTag({ status }: { status: Delivery['status'] }) {
  const severity = status === 'succeeded' ? 'success' : status === 'failed' ? 'danger' : 'warning';
  return <Tag severity={severity} value={STATUS[status] ? translate(STATUS[status].tag) : status} />;
}

export const percent = (rate: number | null) =>
  rate === null ? '—' : translate('webhooks.percent', { value: Math.round(rate * 1000) / 10 });

/** Pretty-prints JSON bodies; anything else is shown as received. */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The attempt's request as a curl command (the signature is only valid for 5 minutes). */
export function asCurl(request: { url: string; headers: Record<string, string>; body: string }): string {
  const headers = Object.entries(request.headers).map(([k, v]) => `  -H ${shellQuote(`${k}: ${v}`)}`);
  return [
    `curl -X POST ${shellQuote(request.url)}`,
    ...headers,
    `  --data-raw ${shellQuote(request.body)}`,
  ].join(' \\\n');
}
