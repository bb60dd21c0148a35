import type { Config } from '../../platform/config';
import { type OutboundPolicy, parseCidrs } from '../../platform/http/outbound-guard';

/** The SSRF policy webhooks follow: https only in production, plus the operator's ranges. */
export function webhookOutboundPolicy(config: Config): OutboundPolicy {
  return {
    allowed: parseCidrs(config.webhooks.allowedCidrs),
    httpsOnly: config.env === 'production',
  };
}
