import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { send } from '../../api/main-requests';
import { useMe } from '../../api/me';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { useAuth } from '../../auth/auth-context';
import { takeDestination } from '../../auth/redirect';
import { VerifyToAccept } from '../../auth/VerifyEmailBanner';
import { InvitationFromLink } from '../../features/dashboard/InvitationBanner';
import { ProjectWeekFigures } from '../../features/project-dashboard/ProjectWeekFigures';
import { useCreateDemoProject } from '../../features/project-dashboard/use-demo-project';
import { CreateProjectDialog } from '../../features/projects/CreateProjectDialog';
import { useT } from '../../lib/i18n/console-intl';
import { useBusinesses } from '../../shared/businesses/hooks';
import { RoleTag } from '../../shared/RoleTag';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';

export default function UserDashboardPage() {
  const navigate = useNavigate();
  const ui = useUi();
  const { t } = useT();
  const verified = useAuth().user?.emailVerified === true;
  // Seed §2: the dashboard also honours a remembered destination.
  useEffect(() => {
    const destination = takeDestination();
    if (destination && !destination.startsWith('/u/dashboard')) navigate(destination, { replace: true });
  }, [navigate]);
  const me = useMe();
  const businesses = useBusinesses();
  const [creating, setCreating] = useState(false);
  const demo = useCreateDemoProject();
  const respond = useAction(
    ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
      send('POST', `/invitations/${id}/${answer}`),
    [keys.me, keys.projects],
  );
  const name = me.data?.user.display_name || me.data?.user.email;
  const firstRun = me.data && me.data.projects.length === 0;
  return (
    <>
      <PageHeader
        title={
          me.isPending
            ? t('nav.dashboard')
            : name
              ? t('dashboard.welcomeName', { name })
              : t('dashboard.welcome')
        }
        subtitle={t('dashboard.subtitle')}
      />
      {me.isError && (
        <Message severity="error" text={t('dashboard.loadFailed', { error: me.error.message })} />
      )}
      <InvitationFromLink />
      {me.data?.invitations.map((inv) => (
        <section
          key={inv.id}
          className="surface-card invitation-card mb-3"
          aria-label={t('dashboard.invitationTo', { project: inv.project_name })}
        >
          <i className="pi pi-envelope" aria-hidden="true" />
          <div>
            <strong>{t('dashboard.invited', { project: inv.project_name })}</strong>
            <p className="muted">{t('dashboard.as', { role: inv.role })}</p>
            <VerifyToAccept />
          </div>
          <div className="row-actions">
            <Button
              label={t('dashboard.accept')}
              icon="pi pi-check"
              disabled={!verified}
              onClick={() =>
                respond.mutateAsync({ id: inv.id, answer: 'accept' }).then(
                  () => ui.toast('success', t('dashboard.joined', { project: inv.project_name })),
                  (e: Error) => ui.toast('error', t('dashboard.notAccepted'), e.message),
                )
              }
            />
            <Button
              label={t('dashboard.decline')}
              text
              severity="secondary"
              onClick={() => void respond.mutateAsync({ id: inv.id, answer: 'decline' })}
            />
          </div>
        </section>
      ))}
      {me.isPending ? (
        <Skeleton height="8rem" />
      ) : firstRun ? (
        <section className="card-grid" aria-label={t('dashboard.gettingStarted')}>
          <article className="surface-card step-card">
            <span className="step-number">
              {businesses.data?.length ? (
                <>
                  <i className="pi pi-check" aria-hidden="true" />
                  <span className="sr-only">{t('dashboard.done')}</span>
                </>
              ) : (
                1
              )}
            </span>
            <h2>{t('dashboard.step.business')}</h2>
            <p>{t('dashboard.step.businessText')}</p>
            <Link to="/u/businesses">
              <Button
                label={businesses.data?.length ? t('dashboard.yourBusinesses') : t('dashboard.addBusiness')}
                icon="pi pi-building"
                outlined
                size="small"
              />
            </Link>
          </article>
          <article className="surface-card step-card">
            <span className="step-number">2</span>
            <h2>{t('projects.create')}</h2>
            <p>{t('dashboard.step.projectText')}</p>
            <Button
              label={t('projects.create')}
              icon="pi pi-folder"
              outlined
              size="small"
              disabled={!businesses.data?.length}
              onClick={() => setCreating(true)}
            />
          </article>
          <article className="surface-card step-card">
            <span className="step-number">3</span>
            <h2>{t('dashboard.step.team')}</h2>
            <p>{t('dashboard.step.teamText')}</p>
          </article>
          <article className="surface-card step-card">
            <span className="step-number">
              <i className="pi pi-sparkles" aria-hidden="true" />
            </span>
            <h2>{t('dashboard.step.demo')}</h2>
            <p>{t('dashboard.step.demoText')}</p>
            <Button
              label={t('dashboard.demo.create')}
              icon="pi pi-chart-line"
              size="small"
              loading={demo.isPending}
              onClick={() =>
                demo.mutateAsync().then(
                  (p) => {
                    ui.toast(
                      'success',
                      t('dashboard.demo.ready'),
                      t('dashboard.demo.readyText', { name: p.name }),
                    );
                    navigate(`/p/${p.id}/dashboard`);
                  },
                  (e: Error) => ui.toast('error', t('dashboard.demo.failed'), e.message),
                )
              }
            />
          </article>
        </section>
      ) : (
        <section aria-label={t('dashboard.yourProjects')}>
          <h2>{t('dashboard.yourProjects')}</h2>
          <div className="card-grid">
            {me.data?.projects.map((p) => (
              <Link key={p.id} to={`/p/${p.id}/dashboard`} className="surface-card project-card">
                <span className="project-card-name" title={p.name}>
                  {p.name}
                </span>
                <span className="row-actions">
                  <RoleTag role={p.role} />{' '}
                  <span className="muted">{t('dashboard.lastWeek', { currency: p.currency })}</span>
                </span>
                <ProjectWeekFigures projectId={p.id} />
              </Link>
            ))}
          </div>
        </section>
      )}
      {creating && <CreateProjectDialog onClose={() => setCreating(false)} />}
    </>
  );
}
