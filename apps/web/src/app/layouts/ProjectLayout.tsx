import { Outlet, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { useMe } from '../../api/me';
import { MfaRequiredNotice } from '../../features/account/MfaRequiredNotice';
import { ProjectLive } from '../../features/live/use-project-live';
import { ProjectSearch } from '../../features/search/ProjectSearch';
import { useT } from '../../lib/i18n/console-intl';
import { useProject } from '../../shared/projects/hooks';
import { DisplayTimeZoneProvider } from '../../theme/display-time-zone';
import { ProjectSwitcher } from './ProjectSwitcher';
import { type NavItem, Shell } from './Shell';

/** `/p/{id}/*`: the project menu and a way back to the project list (seed §2). */
export function ProjectLayout() {
  const { id = '' } = useParams();
  const base = `/p/${encodeURIComponent(id)}`;
  const { t } = useT();
  const nav: NavItem[] = [
    { to: `${base}/dashboard`, label: t('nav.dashboard'), icon: 'pi-chart-bar' },
    { to: `${base}/scans`, label: t('nav.scans'), icon: 'pi-qrcode' },
    { to: `${base}/transactions`, label: t('nav.transactions'), icon: 'pi-credit-card' },
    { to: `${base}/terminals`, label: t('nav.terminals'), icon: 'pi-tablet' },
    { to: `${base}/catalog`, label: t('nav.catalog'), icon: 'pi-shopping-bag' },
    { to: `${base}/reports/items`, label: t('nav.itemReport'), icon: 'pi-chart-pie' },
    { to: `${base}/closes`, label: t('nav.closes'), icon: 'pi-lock' },
    { to: `${base}/payouts`, label: t('nav.payouts'), icon: 'pi-building-columns' },
    { to: `${base}/members`, label: t('nav.members'), icon: 'pi-users' },
    { to: `${base}/admins`, label: t('nav.admins'), icon: 'pi-shield' },
    { to: `${base}/api-keys`, label: t('nav.apiKeys'), icon: 'pi-key' },
    { to: `${base}/staff`, label: t('nav.staff'), icon: 'pi-id-card' },
    { to: `${base}/webhooks`, label: t('nav.webhooks'), icon: 'pi-send' },
    { to: `${base}/events`, label: t('nav.events'), icon: 'pi-bolt' },
    { to: `${base}/logs`, label: t('nav.logs'), icon: 'pi-list' },
    { to: `${base}/settings`, label: t('nav.settings'), icon: 'pi-cog' },
  ];
  const switcher = <ProjectSwitcher projectId={id} />;
  return (
    <Shell
      nav={nav}
      navTitle={t('nav.project')}
      switcher={switcher}
      search={<ProjectSearch projectId={id} />}
    >
      <ProjectGate projectId={id} />
    </Shell>
  );
}

/**
 * Inside the shell (it provides the query cache): a project that requires two-step
 * verification from a session without it shows the way to enroll instead of its pages.
 */
function ProjectGate({ projectId }: { projectId: string }) {
  const project = useProject(projectId);
  const me = useMe();
  if (project.error instanceof ApiError && project.error.code === 'mfa_required')
    return <MfaRequiredNotice projectName={me.data?.projects.find((p) => p.id === projectId)?.name} />;
  // Every date below reads the project's zone from here and redraws once the project loads
  //: a page opened directly draws its rows before the project answers.
  return (
    <DisplayTimeZoneProvider zone={project.data?.time_zone}>
      <ProjectLive projectId={projectId} />
      <Outlet />
    </DisplayTimeZoneProvider>
  );
}
