import type { Delivery } from '@scanline/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { DateText } from '../../theme/display-time-zone';
import { DeliveryStatusTag } from './format';
import { useObjectDeliveries } from './hooks';

/** The webhook deliveries of every event about one object, for a detail screen (a transaction's). */
export function ObjectDeliveries({ projectId, objectId }: { projectId: string; objectId: string }) {
  const { t } = useT();
  const deliveries = useObjectDeliveries(projectId, objectId);
  if (deliveries.isError) return <p className="p-error">{deliveries.error.message}</p>;
  // `stacked-table`: the same phone layout as the lists (rows stack into cards).
  return (
    <div className="stacked-table">
      <DataTable
        value={deliveries.data ?? []}
        loading={deliveries.isPending}
        dataKey="id"
        size="small"
        responsiveLayout="stack"
        breakpoint="767px"
        emptyMessage={t('webhooks.object.empty')}
        aria-label={t('webhooks.object.label')}
      >
        <Column
          header={t('webhooks.deliveries.colEvent')}
          body={(d: Delivery) => (
            <Link to={`/p/${projectId}/webhooks/${d.webhook_id}/deliveries/${d.id}`}>
              <code>{d.event_type}</code>
            </Link>
          )}
        />
        <Column
          header={t('webhooks.deliveries.colStatus')}
          body={(d: Delivery) => <DeliveryStatusTag status={d.status} />}
        />
        <Column
          header={t('webhooks.deliveries.colResponse')}
          body={(d: Delivery) => d.response_status ?? '—'}
        />
        <Column header={t('webhooks.deliveries.colAttempts')} field="attempt_count" />
        <Column
          header={t('webhooks.deliveries.colCreated')}
          body={(d: Delivery) => <DateText value={d.created_at} />}
        />
      </DataTable>
    </div>
  );
}
