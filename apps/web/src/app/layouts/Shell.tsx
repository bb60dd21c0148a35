import { QueryClientProvider } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { Sidebar } from 'primereact/sidebar';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { VerifyEmailBanner } from '../../auth/VerifyEmailBanner';
import { useT } from '../../lib/i18n/console-intl';
import { setAppearance } from '../../theme/appearance';
import { UserAvatar } from '../../ui/UserAvatar';
import { queryClient } from '../query-client';
import { AccountLocale } from './AccountLocale';

export interface NavItem {
  to: string;
  label: string;
  icon: string;
  end?: boolean;
}

/** The signed-in frame: top bar, a side menu that becomes a drawer under 768 px, the page. */
export function Shell({
  nav,
  navTitle,
  switcher,
  search,
  children,
}: {
  nav: NavItem[];
  navTitle: string;
  switcher?: ReactNode;
  /** The top bar's search (a project's layout gives one). */
  search?: ReactNode;
  children: ReactNode;
}) {
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  const { t } = useT();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes.
  useEffect(() => setDrawer(false), [location.pathname]);
  const menu = (
    <nav aria-label={navTitle} className="side-nav">
      {switcher}
      <ul>
        {nav.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) => `side-nav-link${isActive ? ' active' : ''}`}
            >
              <i className={`pi ${item.icon}`} aria-hidden="true" />
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
  // Data fetching lives with the signed-in frame, so the sign-in screens never load it.
  return (
    <QueryClientProvider client={queryClient}>
      <div className="shell">
        <header className="topbar">
          <Button
            icon="pi pi-bars"
            text
            rounded
            className="menu-toggle"
            aria-label={t('nav.openMenu')}
            onClick={() => setDrawer(true)}
          />
          <Link to="/u/dashboard" className="brand">
            <img src="/favicon.svg" alt="" width={24} height={24} />
            <span>Scanline</span>
          </Link>
          {search}
          <div className="topbar-spacer" />
          <UserMenu />
        </header>
        <div className="shell-body">
          <aside className="side">{menu}</aside>
          <Sidebar
            visible={drawer}
            onHide={() => setDrawer(false)}
            aria-label={navTitle}
            className="nav-drawer"
          >
            {menu}
          </Sidebar>
          <main className="content" id="main">
            <AccountLocale />
            <VerifyEmailBanner />
            {children}
          </main>
        </div>
      </div>
    </QueryClientProvider>
  );
}

function UserMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const menu = useRef<Menu>(null);
  const { t } = useT();
  const label = user?.displayName || user?.email || t('nav.account');
  // The theme switch is also here, not only in Settings.
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'));
  return (
    <>
      <Button
        className="user-button"
        text
        onClick={(e) => menu.current?.toggle(e)}
        aria-label={t('nav.accountMenu', { name: label })}
        aria-haspopup="menu"
      >
        <UserAvatar photoUrl={user?.photoURL} label={label} />
        <span className="user-label" title={label}>
          {label}
        </span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </Button>
      <Menu
        ref={menu}
        popup
        popupAlignment="right"
        model={[
          { label: user?.email ?? '', disabled: true, className: 'menu-email' },
          { separator: true },
          { label: t('nav.dashboard'), icon: 'pi pi-home', command: () => navigate('/u/dashboard') },
          { label: t('nav.projects'), icon: 'pi pi-folder', command: () => navigate('/p') },
          { label: t('nav.businesses'), icon: 'pi pi-building', command: () => navigate('/u/businesses') },
          { label: t('nav.profile'), icon: 'pi pi-user', command: () => navigate('/u/profile') },
          { label: t('nav.settings'), icon: 'pi pi-cog', command: () => navigate('/u/settings') },
          {
            label: dark ? t('nav.lightMode') : t('nav.darkMode'),
            icon: dark ? 'pi pi-sun' : 'pi pi-moon',
            command: () => {
              setAppearance(dark ? 'light' : 'dark');
              setDark(!dark);
            },
          },
          { separator: true },
          { label: t('nav.signOut'), icon: 'pi pi-sign-out', command: () => void signOut() },
        ]}
      />
    </>
  );
}
