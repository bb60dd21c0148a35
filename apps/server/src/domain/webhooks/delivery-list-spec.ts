import { webhookDeliveries } from '../../db/schema';
import type { ListSpec } from '../listing/list-query';

/** What `GET …/webhooks/{wid}/deliveries` filters and sorts on. */
export const deliveryListSpec: ListSpec = {
  columns: {
    created_at: { column: webhookDeliveries.createdAt, type: 'date', sortable: true },
    status: { column: webhookDeliveries.status, type: 'text', values: ['pending', 'succeeded', 'failed'] },
    event_type: { column: webhookDeliveries.eventType, type: 'text' },
    event_id: { column: webhookDeliveries.eventId, type: 'text' },
    response_status: { column: webhookDeliveries.responseStatus, type: 'numeric' },
    attempt_count: { column: webhookDeliveries.attemptCount, type: 'numeric', sortable: true },
  },
  id: webhookDeliveries.id,
  defaultSort: { field: 'created_at', direction: 'desc' },
};
