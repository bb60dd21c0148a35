import type { DeviceMe, TerminalTransaction } from '@scanline/contracts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { formatMoney } from '../lib/money';
import { CashierLock } from './CashierLock';
import {
  type CashierOnDuty,
  type Device,
  forgetCashier,
  forgetDevice,
  getMe,
  isUnauthorized,
  loadCashier,
  loadDevice,
  saveCashier,
  saveDevice,
  signOutCashier,
  watchDevice,
} from './device';
import { PairScreen } from './PairScreen';
import { loadQrEncoder, PaymentScreen } from './PaymentScreen';
import { loadRecent, RecentPayments, rememberPayment } from './RecentPayments';
import { SaleScreen } from './SaleScreen';
import { toggleTheme } from './theme';

// Screens a cashier opens now and then load when first opened, not with the keypad.
const CloseScreen = lazy(() => import('./CloseScreen').then((m) => ({ default: m.CloseScreen })));
const DrawerScreen = lazy(() => import('./DrawerScreen').then((m) => ({ default: m.DrawerScreen })));
const UnpairScreen = lazy(() => import('./UnpairScreen').then((m) => ({ default: m.UnpairScreen })));

const OPEN = new Set(['pending', 'processing', 'requires_action']);
const IDLE_NOTICE_MS = 5_000;

/**
 * Pair → idle (waiting for the register, or staff types an amount) → QR code and live status →
 * result → idle. The device stream is the terminal's presence and brings the
 * register's checkouts, which take the screen at once.
 */
export function TerminalApp() {
  const initialCode = new URLSearchParams(window.location.search).get('code') ?? '';
  const [device, setDevice] = useState<Device | null>(() => (initialCode ? null : loadDevice()));
  const [notice, setNotice] = useState<string | null>(null);
  const [payment, setPayment] = useState<{ id: string } | null>(null);
  const [connection, setConnection] = useState<'connecting' | 'open' | 'reconnecting'>('connecting');
  const [me, setMe] = useState<DeviceMe | null>(null);
  const [idleNotice, setIdleNotice] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const [unpairing, setUnpairing] = useState(false);
  const [drawer, setDrawer] = useState(false);
  // Payment results are said by a live region that is always on the page (a region
  // added together with its text is not announced).
  const [announcement, setAnnouncement] = useState('');
  // The stream's handlers read the current payment without re-subscribing on every change.
  const paymentRef = useRef<{ id: string } | null>(null);
  paymentRef.current = payment;
  // The cashier signed in here, when the project has staff.
  const [cashier, setCashier] = useState<CashierOnDuty | null>(() => loadCashier());
  const [lockNotice, setLockNotice] = useState<string | null>(null);
  const [recent, setRecent] = useState(() => loadRecent());
  const staffed = me?.cashiers.required === true;
  const { t: tr } = useT();

  const lock = useCallback((message: string | null) => {
    forgetCashier();
    setCashier(null);
    setLockNotice(message);
  }, []);
  const onCashierRequired = useCallback(() => lock(tr('terminal.lock.sessionEnded')), [lock, tr]);
  const onSettled = useCallback((t: TerminalTransaction) => setRecent(rememberPayment(t)), []);

  const unpaired = useCallback((message: string) => {
    forgetDevice();
    forgetCashier();
    setDevice(null);
    setPayment(null);
    setUnpairing(false);
    setNotice(message);
  }, []);
  const onRevoked = useCallback(() => unpaired(tr('terminal.revoked')), [unpaired, tr]);

  // A paired terminal has the QR encoder ready before its first charge, fetched once the
  // keypad has painted.
  useEffect(() => {
    if (!device) return;
    const timer = setTimeout(() => void loadQrEncoder().catch(() => undefined), 1000);
    return () => clearTimeout(timer);
  }, [device]);

  useEffect(() => {
    if (!device) return;
    let gone = false;
    getMe(device).then(
      (m) => !gone && setMe(m),
      (e) => isUnauthorized(e) && onRevoked(),
    );
    const stop = watchDevice(device, {
      onState: setConnection,
      onUnauthorized: onRevoked,
      onTerminal: (terminal) => {
        // The console renamed or moved the terminal: show its current label.
        const updated = { ...device, terminal };
        saveDevice(updated);
        setMe((m) => (m ? { ...m, terminal } : m));
      },
      onTransaction: (t: TerminalTransaction) => {
        const current = paymentRef.current;
        if (current?.id === t.id) {
          // Canceled (by the register, or here): straight back to idle.
          if (t.status === 'canceled') {
            setPayment(null);
            setIdleNotice(tr('terminal.canceledNotice', { amount: formatMoney(t.amount, t.currency) }));
          }
          return;
        }
        // A pushed checkout takes the screen at once when nothing else is on it.
        if (!current && OPEN.has(t.status)) {
          setIdleNotice(null);
          setClosing(false);
          setDrawer(false);
          setPayment({ id: t.id });
        }
      },
    });
    return () => {
      gone = true;
      stop();
    };
  }, [device, onRevoked, tr]);

  // Locks itself after the project's idle minutes without a touch (the server ends the session
  // after the same time without a request; this keeps the screen from showing a stale name).
  const idleMinutes = me?.cashiers.idle_minutes ?? 5;
  useEffect(() => {
    if (!staffed || !cashier || payment) return;
    const idle = tr('terminal.lock.idle');
    let timer = setTimeout(() => lock(idle), idleMinutes * 60_000);
    const touched = () => {
      clearTimeout(timer);
      timer = setTimeout(() => lock(idle), idleMinutes * 60_000);
    };
    window.addEventListener('pointerdown', touched);
    window.addEventListener('keydown', touched);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerdown', touched);
      window.removeEventListener('keydown', touched);
    };
  }, [staffed, cashier, payment, idleMinutes, lock, tr]);

  const switchCashier = () => {
    if (device) void signOutCashier(device).catch(() => {});
    lock(null);
  };

  const online = connection === 'open';
  // The idle screen says what just happened for a moment, then waits for the register again.
  useEffect(() => {
    if (!idleNotice) return;
    const timer = setTimeout(() => setIdleNotice(null), IDLE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [idleNotice]);
  return (
    <div className="term">
      {/* Who and where first, wrapping to a second line rather than cutting it off: at 390 px
          the cashier, their role, the terminal and its state all stay readable. */}
      <header className="term-bar">
        <span className="term-brand">
          <span className="term-brand-mark" aria-hidden="true">
            ▣
          </span>{' '}
          <span className="term-brand-text">{tr('terminal.brand')}</span>
        </span>
        {device && (
          <span className="term-device" data-testid="terminal-label">
            <span className={`term-dot ${online ? 'term-dot-on' : ''}`} aria-hidden="true" />
            <span className="term-device-label">{me?.terminal.label ?? device.terminal.label}</span>
            <span className="term-connection" data-testid="terminal-connection" data-state={connection}>
              {online
                ? tr('terminal.online')
                : connection === 'connecting'
                  ? tr('terminal.connecting')
                  : tr('terminal.reconnecting')}
            </span>
          </span>
        )}
        {staffed && cashier && (
          <span className="term-cashier">
            <span data-testid="cashier-name">{cashier.cashier.name}</span>
            <span className="term-muted" data-testid="cashier-role">
              {' '}
              · {cashier.cashier.role === 'manager' ? tr('terminal.manager') : tr('terminal.cashierRole')}
            </span>
          </span>
        )}
        <span className="term-spacer" />
        {staffed && cashier && !payment && (
          <button type="button" className="term-link" onClick={switchCashier}>
            {tr('terminal.switchCashier')}
          </button>
        )}
        <button
          type="button"
          className="term-icon-button"
          onClick={() => toggleTheme()}
          aria-label={tr('terminal.theme')}
        >
          ◐
        </button>
        {/* The cash drawer: anyone signed in (paid out and no sale then ask for a manager). */}
        {device && !payment && !drawer && me && (!staffed || cashier) && (
          <button
            type="button"
            className="term-link"
            onClick={() => {
              setClosing(false);
              setDrawer(true);
            }}
            data-testid="open-drawer-screen"
          >
            {tr('terminal.drawer.menu')}
          </button>
        )}
        {/* Where staff sign in, closing the day needs a manager. */}
        {device && !payment && !closing && me && (!staffed || cashier?.cashier.role === 'manager') && (
          <button
            type="button"
            className="term-link"
            onClick={() => {
              setDrawer(false);
              setClosing(true);
            }}
          >
            {tr('terminal.closeDay')}
          </button>
        )}
        {device && !payment && !unpairing && (
          <button
            type="button"
            className="term-link"
            onClick={() => {
              setClosing(false);
              setDrawer(false);
              setUnpairing(true);
            }}
          >
            {tr('terminal.unpair')}
          </button>
        )}
      </header>
      <main className="term-main">
        <Suspense fallback={null}>
          {!device ? (
            <PairScreen
              initialCode={initialCode}
              notice={notice}
              onPaired={(d) => {
                saveDevice(d);
                setNotice(null);
                setMe(null);
                setDevice(d);
                // The code is single use: keep it out of the address bar and history.
                window.history.replaceState(null, '', '/terminal');
              }}
            />
          ) : payment ? (
            <PaymentScreen
              key={payment.id}
              device={device}
              transactionId={payment.id}
              onDone={() => setPayment(null)}
              onRevoked={onRevoked}
              onSettled={onSettled}
              onCashierRequired={onCashierRequired}
              onAnnounce={setAnnouncement}
              needsManager={staffed && cashier?.cashier.role !== 'manager'}
            />
          ) : unpairing ? (
            <UnpairScreen
              device={device}
              needsManagerPin={staffed && cashier?.cashier.role !== 'manager'}
              onUnpaired={() => unpaired(tr('terminal.unpaired'))}
              onCancel={() => setUnpairing(false)}
            />
          ) : staffed && !cashier ? (
            <CashierLock
              device={device}
              notice={lockNotice}
              onSignedIn={(c) => {
                saveCashier(c);
                setLockNotice(null);
                setCashier(c);
              }}
              onRevoked={onRevoked}
            />
          ) : drawer ? (
            <DrawerScreen
              device={device}
              needsManager={staffed && cashier?.cashier.role !== 'manager'}
              onSwitchCashier={switchCashier}
              onDone={() => setDrawer(false)}
              onRevoked={onRevoked}
              onCashierRequired={onCashierRequired}
            />
          ) : closing && me ? (
            <CloseScreen
              device={device}
              projectId={me.project.id}
              timeZone={me.project.time_zone}
              onDone={() => setClosing(false)}
              onRevoked={onRevoked}
            />
          ) : (
            <>
              <SaleScreen
                device={device}
                me={me}
                waiting={online}
                notice={idleNotice}
                onCreated={(id) => {
                  setIdleNotice(null);
                  setPayment({ id });
                }}
                onRevoked={onRevoked}
                onCashierRequired={onCashierRequired}
              />
              {staffed && (
                <RecentPayments
                  device={device}
                  payments={recent}
                  canRefund={cashier?.cashier.role === 'manager'}
                  onChange={setRecent}
                  onRevoked={onRevoked}
                  onCashierRequired={onCashierRequired}
                />
              )}
            </>
          )}
        </Suspense>
      </main>
      <p className="sr-only" aria-live="polite" data-testid="terminal-live">
        {announcement}
      </p>
    </div>
  );
}
