import {
  apiKeySchema,
  auditEntrySchema,
  businessSchema,
  dashboardSchema,
  deliveryAttemptSchema,
  deliverySchema,
  eventSchema,
  fleetTerminalSchema,
  invitationSchema,
  memberSchema,
  projectSchema,
  refundSchema,
  requestLogSchema,
  scanSchema,
  sessionSchema,
  terminalSchema,
  transactionSchema,
  webhookSchema,
} from '@scanline/contracts';
import { z } from 'zod';

/**
 * The product's objects as named OpenAPI components: the document refers to them with `$ref`
 * wherever a route answers one, so generated clients get one `Transaction` type, not fifty
 * anonymous copies.
 */
const COMPONENTS: Record<string, z.ZodType> = {
  ApiKey: apiKeySchema,
  AuditEntry: auditEntrySchema,
  Business: businessSchema,
  Dashboard: dashboardSchema,
  Delivery: deliverySchema,
  DeliveryAttempt: deliveryAttemptSchema,
  Event: eventSchema,
  FleetTerminal: fleetTerminalSchema,
  Invitation: invitationSchema,
  Member: memberSchema,
  Project: projectSchema,
  Refund: refundSchema,
  RequestLog: requestLogSchema,
  Scan: scanSchema,
  Session: sessionSchema,
  Terminal: terminalSchema,
  Transaction: transactionSchema,
  Webhook: webhookSchema,
};

export function registerOpenApiComponents() {
  for (const [id, schema] of Object.entries(COMPONENTS)) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}
