import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../domain/actor';
import { cashierRequired, resolveCashierSession } from '../../domain/staff/resolve-cashier-session';
import { authenticateDeviceCached, type DeviceCaller } from '../../domain/terminals/authenticate-device';
import { isDeviceToken } from '../../domain/terminals/device-token';
import type { TerminalCaller } from '../../domain/terminals/terminal-caller';
import { authenticateRequest } from '../../platform/auth/authenticate';
import { AppError } from '../../platform/errors';
import { productCredentials } from '../credential-verifiers';
import { actorOf } from '../main/actor';

declare module 'fastify' {
  interface FastifyRequest {
    /** The paired terminal, when the request carries a device token (`sltd_…`). */
    device: DeviceCaller | null;
  }
}

const DEVICE_BEARER = /^Bearer (sltd_[A-Za-z0-9]{1,200})$/;

/**
 * The terminal API's credentials: a device token (`sltd_…`), or what the main API takes (an
 * ID token, or a project API key `sl_…`). Routes marked `config: { public: true }` need none.
 */
export function requireTerminalCredentials(app: FastifyInstance) {
  app.decorateRequest('device', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.url || request.routeOptions.config?.public) return;
    const token = DEVICE_BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (token && isDeviceToken(token)) {
      request.device = await authenticateDeviceCached(app.ctx, token);
      return;
    }
    request.auth = await authenticateRequest(app.ctx, request, productCredentials);
  });
}

/** Transaction routes: the device itself, or a person / API key of the project. */
export function callerOf(request: FastifyRequest): TerminalCaller {
  if (request.device) return { kind: 'device', ...request.device };
  return { kind: 'actor', actor: actorOf(request) };
}

/**
 * The caller with the cashier of its `Cashier-Session` header. Only a device sends
 * one; the session is checked (and its idle clock moved) in the database on each request.
 */
export async function cashierCallerOf(request: FastifyRequest): Promise<TerminalCaller> {
  const caller = callerOf(request);
  if (caller.kind !== 'device') return caller;
  const token = cashierSessionHeader(request);
  if (token === undefined) return { ...caller, cashier: null };
  const cashier = await resolveCashierSession(request.server.ctx.database.db, {
    projectId: caller.projectId,
    terminalId: caller.terminalId,
    token,
    now: request.server.ctx.now(),
  });
  return { ...caller, cashier };
}

/** The `Cashier-Session` header's value, if sent once. */
export function cashierSessionHeader(request: FastifyRequest): string | undefined {
  const raw = request.headers['cashier-session'];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw cashierRequired('Send one Cashier-Session header.');
  return raw;
}

/** Fleet management is for people and API keys, never for a device. */
export function managerOf(request: FastifyRequest): Actor {
  if (request.device) {
    throw new AppError('forbidden', 'A device token cannot manage terminals; use an ID token or an API key.');
  }
  return actorOf(request);
}

/** Heartbeats come from the device only. */
export function deviceOf(request: FastifyRequest): DeviceCaller {
  if (!request.device) {
    throw new AppError('forbidden', 'This route needs a device token from pairing.');
  }
  return request.device;
}
