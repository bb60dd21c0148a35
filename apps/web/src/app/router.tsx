import { useCallback, useMemo } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation, useNavigate, useNavigation } from 'react-router';
import { GlobalUiProvider } from '../ui/global-ui';
import { type Nav, NavProvider } from '../ui/nav';
import { AnonymousOnly, RequireAuth } from './guards';
import { useSignOutRedirect } from './use-sign-out-redirect';

/** Route-level code splitting: each screen is its own chunk, loaded on first visit. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const busy = useNavigation().state !== 'idle';
  // Stable, as React Router's own: effects that navigate depend on it.
  const go = useCallback<Nav['navigate']>((to, options) => void navigate(to, options), [navigate]);
  const nav = useMemo<Nav>(() => ({ location, navigate: go, busy }), [location, go, busy]);
  return (
    <NavProvider value={nav}>
      <GlobalUiProvider>
        <SignOutWatcher />
        <Outlet />
      </GlobalUiProvider>
    </NavProvider>
  );
}

function SignOutWatcher() {
  useSignOutRedirect();
  return null;
}

const anonymous = (load: () => Promise<{ default: React.ComponentType }>) => ({ lazy: page(load) });
// The signed-in frame (menus, drawer) is its own chunk: the sign-in screens never load it.
const userLayout = async () => ({ Component: (await import('./layouts/UserLayout')).UserLayout });
// Every other screen is built from PrimeReact components, under its provider.
const primeLayout = async () => ({ Component: (await import('../ui/prime-provider')).PrimeLayout });
const projectLayout = async () => ({ Component: (await import('./layouts/ProjectLayout')).ProjectLayout });

/**
 * What shows while the first screen's lazy code loads: nothing yet (the page is blank for a few
 * milliseconds). Declaring it stops React Router's "No HydrateFallback" warning.
 */
function BootFallback() {
  return null;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback: BootFallback,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      {
        element: (
          <AnonymousOnly>
            <Outlet />
          </AnonymousOnly>
        ),
        // Plain controls styled by the theme, no PrimeReact component code: this screen paints
        // first on a phone, before any of PrimeReact loads.
        children: [{ path: '/login', ...anonymous(() => import('../auth/LoginPage')) }],
      },
      {
        lazy: primeLayout,
        children: [
          { path: '/error', lazy: page(() => import('./ErrorPage')) },
          {
            element: (
              <AnonymousOnly>
                <Outlet />
              </AnonymousOnly>
            ),
            children: [
              { path: '/register', ...anonymous(() => import('../auth/RegisterPage')) },
              { path: '/forgot-password', ...anonymous(() => import('../auth/ForgotPasswordPage')) },
            ],
          },
          { path: '/auth/action', lazy: page(() => import('../auth/AuthActionPage')) },
          {
            path: '/u',
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: [
              {
                lazy: userLayout,
                children: [
                  { index: true, element: <Navigate to="/u/dashboard" replace /> },
                  { path: 'dashboard', lazy: page(() => import('./pages/UserDashboardPage')) },
                  { path: 'profile', lazy: page(() => import('../features/account/ProfilePage')) },
                  { path: 'businesses', lazy: page(() => import('../features/businesses/BusinessesPage')) },
                  { path: 'settings', lazy: page(() => import('../features/account/SettingsPage')) },
                  { path: 'settings/security', lazy: page(() => import('../features/account/SecurityPage')) },
                  { path: 'settings/language', lazy: page(() => import('../features/account/LanguagePage')) },
                ],
              },
            ],
          },
          {
            path: '/p',
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: [
              {
                lazy: userLayout,
                children: [{ index: true, lazy: page(() => import('../features/projects/ProjectsPage')) }],
              },
              {
                path: ':id',
                lazy: projectLayout,
                children: [
                  { index: true, element: <Navigate to="dashboard" replace /> },
                  { path: 'dashboard', lazy: page(() => import('./pages/ProjectDashboardPage')) },
                  { path: 'scans', lazy: page(() => import('../features/scans/ScansPage')) },
                  {
                    path: 'transactions',
                    lazy: page(() => import('../features/transactions/TransactionsPage')),
                  },
                  { path: 'terminals', lazy: page(() => import('../features/terminals/TerminalsPage')) },
                  {
                    path: 'terminals/:terminalId',
                    lazy: page(() => import('./pages/TerminalDetailPage')),
                  },
                  {
                    path: 'terminals/:terminalId/sticker',
                    lazy: page(() => import('../features/terminals/StickerPrintPage')),
                  },
                  {
                    path: 'transactions/:transactionId',
                    lazy: page(() => import('../features/transactions/TransactionDetailPage')),
                  },
                  { path: 'closes', lazy: page(() => import('../features/books/ClosesPage')) },
                  { path: 'closes/:closeId', lazy: page(() => import('../features/books/CloseDetailPage')) },
                  { path: 'payouts', lazy: page(() => import('../features/books/PayoutsPage')) },
                  {
                    path: 'payouts/:payoutId',
                    lazy: page(() => import('../features/books/PayoutDetailPage')),
                  },
                  { path: 'members', lazy: page(() => import('../features/team/MembersPage')) },
                  { path: 'admins', lazy: page(() => import('../features/team/AdminsPage')) },
                  { path: 'api-keys', lazy: page(() => import('../features/project/ApiKeysPage')) },
                  { path: 'staff', lazy: page(() => import('../features/staff/StaffPage')) },
                  { path: 'catalog', lazy: page(() => import('../features/items/ItemsPage')) },
                  {
                    path: 'reports/items',
                    lazy: page(() => import('../features/item-report/ItemReportPage')),
                  },
                  { path: 'settings', lazy: page(() => import('./pages/ProjectSettingsPage')) },
                  { path: 'webhooks', lazy: page(() => import('../features/webhooks/WebhooksPage')) },
                  { path: 'events', lazy: page(() => import('../features/events/EventsPage')) },
                  { path: 'events/:eventId', lazy: page(() => import('../features/events/EventDetailPage')) },
                  { path: 'logs', lazy: page(() => import('../features/developers/RequestLogsPage')) },
                  {
                    path: 'webhooks/:webhookId',
                    lazy: page(() => import('../features/webhooks/WebhookDeliveriesPage')),
                  },
                  {
                    path: 'webhooks/:webhookId/deliveries/:deliveryId',
                    lazy: page(() => import('../features/webhooks/DeliveryPage')),
                  },
                ],
              },
            ],
          },
          { path: '*', lazy: page(() => import('../ui/NotFoundPage')) },
        ],
      },
    ],
  },
];
