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
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { useBusinesses } from '../businesses/hooks';
import { ProjectWeekFigures } from '../project-dashboard/ProjectWeekFigures';
import { useCreateDemoProject } from '../project-dashboard/use-demo-project';
import { CreateProjectDialog } from '../projects/CreateProjectDialog';
import { RoleTag } from '../workspace/RoleTag';
import { InvitationFromLink } from './InvitationBanner';

export default function UserDashboardPage() {
  const navigate = useNavigate();
  const ui = useUi();
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
        title={me.isPending ? 'Dashboard' : `Welcome${name ? `, ${name}` : ''}`}
        subtitle="Your projects and invitations in one place."
      />
      {me.isError && (
        <Message severity="error" text={`Your account could not be loaded: ${me.error.message}`} />
      )}
      <InvitationFromLink />
      {me.data?.invitations.map((inv) => (
        <section
          key={inv.id}
          className="surface-card invitation-card mb-3"
          aria-label={`Invitation to ${inv.project_name}`}
        >
          <i className="pi pi-envelope" aria-hidden="true" />
          <div>
            <strong>You are invited to {inv.project_name}</strong>
            <p className="muted">As {inv.role === 'admin' ? 'an admin' : 'a member'}.</p>
            <VerifyToAccept />
          </div>
          <div className="row-actions">
            <Button
              label="Accept"
              icon="pi pi-check"
              disabled={!verified}
              onClick={() =>
                respond.mutateAsync({ id: inv.id, answer: 'accept' }).then(
                  () => ui.toast('success', `You joined ${inv.project_name}`),
                  (e: Error) => ui.toast('error', 'Not accepted', e.message),
                )
              }
            />
            <Button
              label="Decline"
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
        <section className="card-grid" aria-label="Getting started">
          <article className="surface-card step-card">
            <span className="step-number">
              {businesses.data?.length ? (
                <>
                  <i className="pi pi-check" aria-hidden="true" />
                  <span className="sr-only">done</span>
                </>
              ) : (
                1
              )}
            </span>
            <h2>Add your business</h2>
            <p>The legal entity that takes the payments, with its currency and payment provider.</p>
            <Link to="/u/businesses">
              <Button
                label={businesses.data?.length ? 'Your businesses' : 'Add a business'}
                icon="pi pi-building"
                outlined
                size="small"
              />
            </Link>
          </article>
          <article className="surface-card step-card">
            <span className="step-number">2</span>
            <h2>Create a project</h2>
            <p>
              A workspace for one shop or brand: its terminals, transactions, team, API keys and webhooks.
            </p>
            <Button
              label="Create a project"
              icon="pi pi-folder"
              outlined
              size="small"
              disabled={!businesses.data?.length}
              onClick={() => setCreating(true)}
            />
          </article>
          <article className="surface-card step-card">
            <span className="step-number">3</span>
            <h2>Invite your team</h2>
            <p>Invite admins and members by email; each sees the project with the rights of their role.</p>
          </article>
          <article className="surface-card step-card">
            <span className="step-number">
              <i className="pi pi-sparkles" aria-hidden="true" />
            </span>
            <h2>Or look around first</h2>
            <p>
              A demo project with five terminals and 30 days of sample payments, scans and refunds (simulated;
              no money moves).
            </p>
            <Button
              label="Create a demo project"
              icon="pi pi-chart-line"
              size="small"
              loading={demo.isPending}
              onClick={() =>
                demo.mutateAsync().then(
                  (p) => {
                    ui.toast('success', 'Demo project ready', `${p.name} has 30 days of history.`);
                    navigate(`/p/${p.id}/dashboard`);
                  },
                  (e: Error) => ui.toast('error', 'The demo project could not be created', e.message),
                )
              }
            />
          </article>
        </section>
      ) : (
        <section aria-label="Your projects">
          <h2>Your projects</h2>
          <div className="card-grid">
            {me.data?.projects.map((p) => (
              <Link key={p.id} to={`/p/${p.id}/dashboard`} className="surface-card project-card">
                <span className="project-card-name" title={p.name}>
                  {p.name}
                </span>
                <span className="row-actions">
                  <RoleTag role={p.role} /> <span className="muted">{p.currency} · last 7 days</span>
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
