import { Link, useParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { useApiKeys, useMembers, useProject } from '../workspace/hooks';
import { QueryState } from '../workspace/QueryState';
import { RoleTag } from '../workspace/RoleTag';

export default function ProjectDashboardPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  const members = useMembers(id);
  const apiKeys = useApiKeys(id);
  const admins = members.data?.filter((m) => m.role !== 'member').length;
  const liveKeys = apiKeys.data?.filter((k) => !k.revoked_at).length;
  return (
    <QueryState query={project}>
      {() => (
        <>
          <PageHeader
            title={project.data!.name}
            subtitle={
              <span className="row-actions">
                <RoleTag role={project.data!.role} /> {project.data!.currency} · {project.data!.time_zone}
              </span>
            }
          />
          <section className="card-grid" aria-label="Summary">
            <Link to={`/p/${id}/members`} className="surface-card stat-card">
              <span className="stat-label">Team</span>
              <span className="stat-value">{members.data?.length ?? '…'}</span>
              <span className="muted">{admins ?? 0} with admin rights</span>
            </Link>
            <Link to={`/p/${id}/api-keys`} className="surface-card stat-card">
              <span className="stat-label">API keys</span>
              <span className="stat-value">{liveKeys ?? '…'}</span>
              <span className="muted">active</span>
            </Link>
          </section>
          <EmptyState icon="pi-chart-bar" title="No payments yet">
            <p>
              Once terminals take payments, this shows volume, count, success rate, scans-to-payment
              conversion and terminals online over a range you choose.
            </p>
          </EmptyState>
        </>
      )}
    </QueryState>
  );
}
