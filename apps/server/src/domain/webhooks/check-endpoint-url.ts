import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { urlRefusal } from '../../platform/http/outbound-guard';
import { webhookOutboundPolicy } from './outbound-policy';

/** Refuses a URL the dispatcher could never send to (scheme, or an address it must not reach). */
export function checkEndpointUrl(ctx: AppContext, url: string) {
  const why = urlRefusal(webhookOutboundPolicy(ctx.config), url);
  if (why) {
    throw new AppError('validation_failed', `This URL cannot receive webhooks: ${why}.`, [
      { path: 'body.url', message: why },
    ]);
  }
}
