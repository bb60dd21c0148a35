import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { Skeleton } from 'primereact/skeleton';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { NextPayoutCard } from '../../features/books/NextPayoutCard';
import { TopItemsCard } from '../../features/item-report/TopItemsCard';
import { CurrencySwitch } from '../../features/project-dashboard/CurrencySwitch';
import { DashboardCharts } from '../../features/project-dashboard/DashboardCharts';
import { FigureCards } from '../../features/project-dashboard/FigureCards';
import { useDashboard } from '../../features/project-dashboard/use-dashboard';
import { useT } from '../../lib/i18n/console-intl';
import { useProject } from '../../shared/projects/hooks';
import { QueryState } from '../../shared/QueryState';
import { RoleTag } from '../../shared/RoleTag';
import { RangePicker } from '../../shared/reports/RangePicker';
import { resolveRange } from '../../shared/reports/range';
import { formatDay } from '../../theme/date-format';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import '../../features/project-dashboard/project-dashboard.css';
import '../../shared/reports/charts.css';

function DashboardSkeleton() {
  const { t } = useT();
  return (
    <div
      className="dashboard-body"
      role="status"
      aria-busy="true"
      aria-label={t('project-dashboard.loading')}
    >
      <div className="figure-grid">
        {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k) => (
          <Skeleton key={k} height="7rem" />
        ))}
      </div>
      <Skeleton height="20rem" />
    </div>
  );
}

/** `/p/{id}/dashboard`: figures, charts and terminals over a range kept in the URL. */
export default function ProjectDashboardPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { t } = useT();
  const project = useProject(id);
  const timeZone = project.data?.time_zone ?? 'UTC';
  const range = resolveRange(params, timeZone);
  const asked = params.get('currency');
  const currency = asked && /^[A-Z]{3}$/.test(asked) ? asked : undefined;
  const includeTest = params.get('include_test') === 'true';
  const dashboard = useDashboard(
    id,
    { from: range.from, to: range.to, currency, includeTest },
    Boolean(project.data),
  );
  const d = dashboard.data;
  const empty =
    d && d.totals.transactions === 0 && d.totals.scans === 0 && d.previous.totals.transactions === 0;
  return (
    <QueryState query={project}>
      {() => (
        <>
          <PageHeader
            title={project.data!.name}
            subtitle={
              <span className="row-actions">
                <RoleTag role={project.data!.role} />{' '}
                {t('project-dashboard.subtitle', {
                  currency: d?.currency ?? currency ?? project.data!.currency,
                  timeZone,
                })}
              </span>
            }
            actions={
              <RangePicker
                value={range.key}
                from={range.from}
                to={range.to}
                onChange={(next) => {
                  const p = new URLSearchParams(params);
                  p.set('range', next.key);
                  if (next.key === 'custom' && next.from && next.to) {
                    p.set('from', next.from);
                    p.set('to', next.to);
                  } else {
                    p.delete('from');
                    p.delete('to');
                  }
                  setParams(p, { replace: true });
                }}
              />
            }
          />
          {d && d.currencies.length > 1 && (
            <CurrencySwitch
              value={d.currency}
              currencies={d.currencies}
              onChange={(next) => {
                const p = new URLSearchParams(params);
                if (next === project.data!.currency) p.delete('currency');
                else p.set('currency', next);
                setParams(p, { replace: true });
              }}
            />
          )}
          <NextPayoutCard projectId={id} link />
          <div className="dashboard-refresh" aria-hidden={!dashboard.isFetching}>
            {dashboard.isFetching && d && <ProgressBar mode="indeterminate" style={{ height: '3px' }} />}
          </div>
          {dashboard.isPending ? (
            <DashboardSkeleton />
          ) : dashboard.error ? (
            dashboard.error instanceof ApiError && dashboard.error.status === 403 ? (
              <Message severity="warn" text={t('project-dashboard.forbidden')} />
            ) : (
              <Message
                severity="error"
                text={t('project-dashboard.loadFailed', { error: dashboard.error.message })}
              />
            )
          ) : empty ? (
            <EmptyState icon="pi-chart-bar" title={t('project-dashboard.empty.title')}>
              <p>{t('project-dashboard.empty.text')}</p>
            </EmptyState>
          ) : d ? (
            <div data-range={`${d.from}..${d.to}`} className="dashboard-body">
              <p className="muted dashboard-range-note">
                {t('project-dashboard.rangeNote', {
                  range: d.from === d.to ? formatDay(d.from) : `${formatDay(d.from)} – ${formatDay(d.to)}`,
                  previous: `${formatDay(d.previous.from)} – ${formatDay(d.previous.to)}`,
                  seconds: d.lag_seconds,
                })}{' '}
                {includeTest ? t('project-dashboard.test.counted') : t('project-dashboard.test.leftOut')}{' '}
                <Button
                  link
                  className="p-0 dashboard-test-toggle"
                  label={
                    includeTest ? t('project-dashboard.test.leaveOut') : t('project-dashboard.test.count')
                  }
                  onClick={() => {
                    const p = new URLSearchParams(params);
                    if (includeTest) p.delete('include_test');
                    else p.set('include_test', 'true');
                    setParams(p, { replace: true });
                  }}
                />
              </p>
              <FigureCards data={d} />
              <DashboardCharts data={d}>
                <TopItemsCard projectId={id} from={d.from} to={d.to} currency={currency} />
              </DashboardCharts>
            </div>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
