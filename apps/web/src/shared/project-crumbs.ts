import { useParams } from 'react-router';
import { useT } from '../lib/i18n/console-intl';
import type { Crumb } from '../ui/Breadcrumbs';
import { useProjects } from './projects/hooks';

/**
 * Breadcrumbs for a screen under `/p/{id}`: Projects › project name › (Webhooks › webhook)
 * › this screen. The project list is the switcher's cached query, so this costs no request.
 * A detail screen names its list as `parent` (Transactions › txn_…).
 */
export function useProjectCrumbs(title: string, parent?: { label: string; path: string }): Crumb[] {
  const { id = '', webhookId, deliveryId } = useParams();
  const projects = useProjects();
  const { t } = useT();
  const name = projects.data?.find((p) => p.id === id)?.name ?? id;
  const base = `/p/${encodeURIComponent(id)}`;
  const crumbs: Crumb[] = [
    { label: t('nav.projects'), to: '/p' },
    { label: name, to: `${base}/dashboard` },
  ];
  if (parent) crumbs.push({ label: parent.label, to: `${base}/${parent.path}` });
  if (webhookId) {
    crumbs.push({ label: t('nav.webhooks'), to: `${base}/webhooks` });
    if (deliveryId)
      crumbs.push({ label: webhookId, to: `${base}/webhooks/${encodeURIComponent(webhookId)}` });
  }
  crumbs.push({ label: deliveryId ?? (webhookId && !deliveryId ? webhookId : title) });
  return crumbs;
}
