import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db';
import type { DeviceCaller } from './authenticate-device';
import { type DeviceFeedEvent, DeviceFeedSession } from './device-feed-session';

/** A database handle whose every statement fails as `failure` does. */
const failingDb = (failure: () => Error) =>
  new Proxy({} as Db, {
    get: () => () => {
      throw failure();
    },
  });
const device = { terminalId: 'trm_1', projectId: 'prj_1' } as unknown as DeviceCaller;

describe('a device feed whose read fails', () => {
  it('stays open while the database is away (a failover): the next resync catches up', async () => {
    const events: DeviceFeedEvent[] = [];
    const feed = new DeviceFeedSession({
      db: failingDb(() =>
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
      device,
      token: 'token',
      emit: (event) => events.push(event),
    });
    await feed.transactionChanged('txn_1');
    await feed.resync();
    expect(events).toEqual([]);
  });

  it('ends on any other failure', async () => {
    const events: DeviceFeedEvent[] = [];
    const feed = new DeviceFeedSession({
      db: failingDb(() => new TypeError('a bug')),
      device,
      token: 'token',
      emit: (event) => events.push(event),
    });
    await feed.transactionChanged('txn_1');
    expect(events).toEqual([{ kind: 'end' }]);
  });
});
