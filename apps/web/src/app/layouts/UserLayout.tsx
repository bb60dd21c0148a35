import { Outlet } from 'react-router';
import { type T, useT } from '../../lib/i18n/console-intl';
import { type NavItem, Shell } from './Shell';

const nav = (t: T): NavItem[] => [
  { to: '/u/dashboard', label: t('nav.dashboard'), icon: 'pi-home' },
  { to: '/p', label: t('nav.projects'), icon: 'pi-folder', end: true },
  { to: '/u/businesses', label: t('nav.businesses'), icon: 'pi-building' },
  { to: '/u/profile', label: t('nav.profile'), icon: 'pi-user' },
  { to: '/u/settings', label: t('nav.settings'), icon: 'pi-cog', end: true },
  { to: '/u/settings/language', label: t('nav.language'), icon: 'pi-language' },
];

/** `/u/*` and the projects list: the user menu (seed §2). */
export function UserLayout() {
  const { t } = useT();
  return (
    <Shell nav={nav(t)} navTitle={t('nav.account')}>
      <Outlet />
    </Shell>
  );
}
