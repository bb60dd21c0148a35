import { Skeleton } from 'primereact/skeleton';
import { useT } from '../../lib/i18n/console-intl';
import { useProject } from '../../shared/projects/hooks';
import { addDays, formatCount, formatMoney, formatPercent, todayIn } from '../../shared/reports/range';
import { useDashboard } from './use-dashboard';
import './project-dashboard.css';

/** A project's last 7 days (in its own zone), for the project cards on /u/dashboard. */
export function ProjectWeekFigures({ projectId }: { projectId: string }) {
  const { t: tr } = useT();
  const project = useProject(projectId);
  const to = project.data ? todayIn(project.data.time_zone) : '';
  const week = useDashboard(projectId, { from: addDays(to || '2000-01-07', -6), to }, Boolean(project.data));
  if (week.isPending) return <Skeleton height="2.5rem" />;
  if (week.error || !week.data)
    return <span className="muted">{tr('project-dashboard.week.unavailable')}</span>;
  const t = week.data.totals;
  return (
    <div className="project-figures">
      <span>
        <strong>{formatMoney(t.volume, week.data.currency, true)}</strong>
        <span className="muted">{tr('project-dashboard.week.volume')}</span>
      </span>
      <span>
        <strong>{formatCount(t.count)}</strong>
        <span className="muted">{tr('project-dashboard.week.payments')}</span>
      </span>
      <span>
        <strong>{formatPercent(t.success_rate)}</strong>
        <span className="muted">{tr('project-dashboard.week.success')}</span>
      </span>
    </div>
  );
}
