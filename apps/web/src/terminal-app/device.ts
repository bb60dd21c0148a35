import type {
  Cashier,
  CashierSession,
  Close,
  CreateDrawerMovement,
  CreateLineItem,
  CurrentClose,
  DeviceMe,
  Drawer,
  Item,
  PairResponse,
  Refund,
  SplitResult,
  TenderResult,
  Terminal,
  TerminalTransaction,
} from '@scanline/contracts';
import { isFinalTransactionStatus } from '@scanline/contracts/payment-constants';
import { openEventStream } from '../lib/event-stream';
import { loadPublicConfig, PublicApiError, publicRequest } from '../lib/public-config';

// The web terminal's side of the terminal API: pair once, then act with the device token,
// which stays in this browser (localStorage) and nowhere else.

export const APP_VERSION = 'web-1.0';
const STORAGE_KEY = 'scanline.terminal.device';

export interface Device {
  token: string;
  terminal: Terminal;
}

export function loadDevice(): Device | null {
  try {
    const d = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Device | null;
    return d && typeof d.token === 'string' && d.terminal?.id ? d : null;
  } catch {
    return null;
  }
}

export const saveDevice = (d: Device) => localStorage.setItem(STORAGE_KEY, JSON.stringify(d));
export const forgetDevice = () => localStorage.removeItem(STORAGE_KEY);

let base: Promise<string> | undefined;
const terminalBase = () => {
  base ??= loadPublicConfig().then((c) => c.terminal);
  return base;
};

/**
 * The cashier signed in on this terminal and their `Cashier-Session`, kept in this
 * browser until they sign out, switch, or the server ends it (idle time, disabled).
 */
export interface CashierOnDuty {
  session: string;
  cashier: Cashier;
}
const CASHIER_KEY = 'scanline.terminal.cashier';
export function loadCashier(): CashierOnDuty | null {
  try {
    const c = JSON.parse(localStorage.getItem(CASHIER_KEY) ?? 'null') as CashierOnDuty | null;
    return c && typeof c.session === 'string' && c.cashier?.id ? c : null;
  } catch {
    return null;
  }
}
export const saveCashier = (c: CashierOnDuty) => localStorage.setItem(CASHIER_KEY, JSON.stringify(c));
export const forgetCashier = () => localStorage.removeItem(CASHIER_KEY);

const call = async <T>(
  device: Device | null,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) => {
  const cashier = device ? loadCashier() : null;
  return publicRequest<T>(await terminalBase(), path, {
    ...init,
    headers: {
      ...(device ? { authorization: `Bearer ${device.token}` } : {}),
      ...(cashier ? { 'cashier-session': cashier.session } : {}),
      // Last: a call may name another session (a manager's PIN entered just for this).
      ...init.headers,
    },
  });
};

export async function pair(code: string): Promise<Device> {
  const model = navigator.userAgent.match(/\(([^)]+)\)/)?.[1]?.slice(0, 80) ?? 'Browser';
  const answer = await call<PairResponse>(null, '/pair', {
    method: 'POST',
    body: {
      code: code.trim().toUpperCase().replace(/[\s-]/g, ''),
      device: { model, app_version: APP_VERSION },
    },
  });
  return { token: answer.device_token, terminal: answer.terminal };
}

export const heartbeat = (device: Device) =>
  call<Terminal | undefined>(device, '/heartbeat', { method: 'POST', body: { app_version: APP_VERSION } });

/** The terminal, its project (currency, time zone) and business. */
export const getMe = (device: Device) => call<DeviceMe>(device, '/me');

/**
 * Holds the device stream: checkouts pushed by the register (or anyone) and their
 * status changes, and this terminal's edits. Holding it is what keeps the terminal `online`.
 * Reconnects after 3 s backing off to 30 s, resuming from the last event id it saw.
 */
export function watchDevice(
  device: Device,
  handlers: {
    onTransaction: (t: TerminalTransaction) => void;
    onTerminal: (t: Terminal) => void;
    onState: (s: 'open' | 'reconnecting') => void;
    onUnauthorized: () => void;
  },
): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  let lastEventId: string | undefined;
  void terminalBase().then((b) => {
    if (stopped) return;
    stop = openEventStream({
      url: new URL(`${b}/stream`, window.location.origin).href,
      headers: () => ({
        authorization: `Bearer ${device.token}`,
        ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
      }),
      onState: handlers.onState,
      onFatal: (status) => {
        if (status === 401 || status === 403) handlers.onUnauthorized();
      },
      onEvent: (e) => {
        if (e.id) lastEventId = e.id;
        if (e.event === 'transaction') handlers.onTransaction(JSON.parse(e.data) as TerminalTransaction);
        else if (e.event === 'terminal') {
          const terminal = JSON.parse(e.data) as Terminal;
          handlers.onTerminal(terminal);
          if (terminal.status === 'disabled') {
            handlers.onUnauthorized();
            return 'stop';
          }
        }
        return undefined;
      },
    });
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

export const createTransaction = (
  device: Device,
  body: { amount?: number; line_items?: CreateLineItem[]; currency?: string; reference?: string },
  idempotencyKey: string,
) =>
  call<TerminalTransaction>(device, '/transactions', {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

/** What this terminal sells: the project's catalogue, archived items left out (docs/guide/catalogue.md). */
export const getItems = (device: Device) => call<{ data: Item[] }>(device, '/items');

export const getTransaction = (device: Device, id: string) =>
  call<TerminalTransaction>(device, `/transactions/${encodeURIComponent(id)}`);

export const cancelTransaction = (device: Device, id: string) =>
  call<TerminalTransaction>(device, `/transactions/${encodeURIComponent(id)}/cancel`, { method: 'POST' });

/** Follows one transaction's status stream until a final status; returns a stop function. */
export function watchTransaction(
  device: Device,
  id: string,
  onStatus: (t: TerminalTransaction) => void,
  onState: (s: 'open' | 'reconnecting') => void,
  onUnauthorized: () => void,
): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  void terminalBase().then((b) => {
    if (stopped) return;
    stop = openEventStream({
      url: new URL(`${b}/transactions/${encodeURIComponent(id)}/events`, window.location.origin).href,
      headers: () => ({ authorization: `Bearer ${device.token}` }),
      onState,
      onFatal: (status) => {
        if (status === 401) onUnauthorized();
      },
      onEvent: (e) => {
        if (e.event !== 'status') return undefined;
        const t = JSON.parse(e.data) as TerminalTransaction;
        onStatus(t);
        return isFinalTransactionStatus(t.status) ? 'stop' : undefined;
      },
    });
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/** The device token is no longer good (a 401 that is not about the cashier): pair again. */
export const isUnauthorized = (e: unknown) =>
  e instanceof PublicApiError && e.status === 401 && e.code !== 'cashier_required';

/** The cashier's session ended (or none): lock the terminal. */
export const isCashierRequired = (e: unknown) => e instanceof PublicApiError && e.code === 'cashier_required';

export const signInCashier = (device: Device, pin: string) =>
  call<CashierSession>(device, '/cashier-sessions', { method: 'POST', body: { pin } });

export const signOutCashier = (device: Device) =>
  call<undefined>(device, '/cashier-sessions/current', { method: 'DELETE' });

/**
 * The device unpairs itself on the server (its token ends). Where staff sign in this needs a
 * manager's session: the one signed in here, or `session` from a manager's PIN typed for it.
 */
export const unpairDevice = (device: Device, session?: string) =>
  call<undefined>(device, '/unpair', {
    method: 'POST',
    ...(session ? { headers: { 'cashier-session': session } } : {}),
  });

/** Refunds one of this terminal's payments; needs a manager's session. */
export const refundAtCounter = (device: Device, id: string, body: { amount?: number }) =>
  call<Refund>(device, `/transactions/${encodeURIComponent(id)}/refunds`, { method: 'POST', body });

/** The X report: this terminal's figures since its last close. */
export const getCurrentClose = (device: Device, projectId: string) =>
  call<CurrentClose>(
    device,
    `/projects/${encodeURIComponent(projectId)}/terminals/${encodeURIComponent(device.terminal.id)}/closes/current`,
  );

/**
 * "Close the day": the Z report, made by the device itself. `counted_cash` is what was counted
 * in the drawer, required while one is open (docs/guide/drawer.md#at-the-close).
 */
export const closeDay = (device: Device, body: { counted_cash?: number } = {}) =>
  call<Close>(device, '/closes', { method: 'POST', body });

/**
 * Cash handed over at the counter for `amount` of what is due (docs/guide/tenders.md). One
 * `idempotencyKey` per attempt, kept across a retry: a lost answer never takes the cash twice.
 */
export const payInCash = (
  device: Device,
  id: string,
  body: { amount: number; cash_given: number },
  idempotencyKey: string,
) =>
  call<TenderResult>(device, `/transactions/${encodeURIComponent(id)}/tenders`, {
    method: 'POST',
    body: { method: 'cash', ...body },
    headers: { 'idempotency-key': idempotencyKey },
  });

/**
 * Splits what is due into `shares` card shares, each with its own payment page
 * (docs/guide/tenders.md#splitting-the-bill). The same key with the same count answers the same
 * tenders as they are now: the split screen asks again to learn which shares were paid.
 */
export const splitBill = (device: Device, id: string, shares: number, idempotencyKey: string) =>
  call<SplitResult>(device, `/transactions/${encodeURIComponent(id)}/tenders/split`, {
    method: 'POST',
    body: { shares },
    headers: { 'idempotency-key': idempotencyKey },
  });

/** This terminal's cash drawer as it stands (docs/guide/drawer.md). */
export const getDrawer = (device: Device) => call<Drawer>(device, '/drawer');

export const openDrawer = (device: Device, float: number) =>
  call<Drawer>(device, '/drawer/open', { method: 'POST', body: { float } });

/**
 * Paid in, paid out or no sale. Where staff sign in, paid out and no sale need a manager's
 * session: the one signed in here, or `session` from a manager's PIN typed for it.
 */
export const moveDrawerCash = (device: Device, body: CreateDrawerMovement, session?: string) =>
  call<Drawer>(device, '/drawer/movements', {
    method: 'POST',
    body,
    ...(session ? { headers: { 'cashier-session': session } } : {}),
  });
