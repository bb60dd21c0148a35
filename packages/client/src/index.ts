export {
  type ClientOptions,
  createClient,
  type ListInit,
  type ListItem,
  type ListPath,
  type ScanlineClient,
} from './create-client';
export type { components, operations, paths } from './generated/schema';
export { type Problem, ScanlineApiError } from './problem';
export type { RetryOptions } from './retrying-fetch';
export {
  verifyWebhook,
  type WebhookEvent,
  type WebhookHeaders,
  WebhookVerificationError,
} from './verify-webhook';
