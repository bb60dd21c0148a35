export {
  type ClientOptions,
  createClient,
  type ListInit,
  type ListItem,
  type ListPath,
  type ScanlineClient,
} from './create-client.js';
export type { components, operations, paths } from './generated/schema.js';
export { type Problem, ScanlineApiError } from './problem.js';
export type { RetryOptions } from './retrying-fetch.js';
export {
  verifyWebhook,
  type WebhookEvent,
  type WebhookHeaders,
  WebhookVerificationError,
} from './verify-webhook.js';
