import type { Actor } from '../actor';
import type { CashierOnDuty } from '../staff/resolve-cashier-session';
import type { DeviceCaller } from './authenticate-device';

/**
 * Who calls the terminal API's transaction routes: a paired device (its own terminal only),
 * or a person / project API key (the project's terminals, per the policy table).
 */
export type TerminalCaller =
  | ({ kind: 'device' } & DeviceCaller & {
        /** The cashier of the request's `Cashier-Session`, when it sent one. */
        cashier?: CashierOnDuty | null;
      })
  | { kind: 'actor'; actor: Actor };

/** The idempotency scope of a caller: keys of different callers never collide. */
export const callerScope = (caller: TerminalCaller) =>
  caller.kind === 'device'
    ? caller.terminalId
    : caller.actor.kind === 'api_key'
      ? caller.actor.keyId
      : caller.actor.uid;
