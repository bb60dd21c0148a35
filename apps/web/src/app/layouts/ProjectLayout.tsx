import { Outlet, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { MfaRequiredNotice } from '../../features/account/MfaRequiredNotice';
import { ProjectLive } from '../../features/live/use-project-live';
import { useMe, useProject } from '../../features/workspace/hooks';
import { ProjectSwitcher } from './ProjectSwitcher';
import { type NavItem, Shell } from './Shell';

/** `/p/{id}/*`: the project menu and a way back to the project list (seed §2). */
export function ProjectLayout() {
  const { id = '' } = useParams();
  const base = `/p/${encodeURIComponent(id)}`;
  const nav: NavItem[] = [
    { to: `${base}/dashboard`, label: 'Dashboard', icon: 'pi-chart-bar' },
    { to: `${base}/scans`, label: 'Scans', icon: 'pi-qrcode' },
    { to: `${base}/transactions`, label: 'Transactions', icon: 'pi-credit-card' },
    { to: `${base}/terminals`, label: 'Terminals', icon: 'pi-tablet' },
    { to: `${base}/members`, label: 'Members', icon: 'pi-users' },
    { to: `${base}/admins`, label: 'Admins', icon: 'pi-shield' },
    { to: `${base}/api-keys`, label: 'API keys', icon: 'pi-key' },
    { to: `${base}/webhooks`, label: 'Webhooks', icon: 'pi-send' },
    { to: `${base}/settings`, label: 'Settings', icon: 'pi-cog' },
  ];
  const switcher = <ProjectSwitcher projectId={id} />;
  const project = useProject(id);
  const me = useMe();
  const mfaRequired = project.error instanceof ApiError && project.error.code === 'mfa_required';
  return (
    <Shell nav={nav} navTitle="Project" switcher={switcher}>
      {mfaRequired ? (
        <MfaRequiredNotice projectName={me.data?.projects.find((p) => p.id === id)?.name} />
      ) : (
        <>
          <ProjectLive projectId={id} />
          <Outlet />
        </>
      )}
    </Shell>
  );
}
