import { Outlet } from 'react-router';
import { type NavItem, Shell } from './Shell';

const NAV: NavItem[] = [
  { to: '/u/dashboard', label: 'Dashboard', icon: 'pi-home' },
  { to: '/p', label: 'Projects', icon: 'pi-folder', end: true },
  { to: '/u/businesses', label: 'Businesses', icon: 'pi-building' },
  { to: '/u/profile', label: 'Profile', icon: 'pi-user' },
  { to: '/u/settings', label: 'Settings', icon: 'pi-cog' },
];

/** `/u/*` and the projects list: the user menu (seed §2). */
export function UserLayout() {
  return (
    <Shell nav={NAV} navTitle="Account">
      <Outlet />
    </Shell>
  );
}
