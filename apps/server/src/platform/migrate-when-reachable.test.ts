import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { migrateWhenReachable } from './migrate-when-reachable';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('migrations wait for a database that is not up yet', () => {
  it('retries while the database refuses connections, then migrates once', async () => {
    let calls = 0;
    const lines: string[] = [];
    await migrateWhenReachable(
      async () => {
        calls++;
        if (calls < 4) throw calls === 2 ? new AggregateError([refused(), refused()]) : refused();
      },
      { log: (l) => lines.push(l), sleep: async () => {} },
    );
    expect(calls).toBe(4);
    expect(lines).toHaveLength(1);
  });

  it('fails at once on any other error, and with the last error once the wait is over', async () => {
    let calls = 0;
    const broken = Object.assign(new Error('syntax error'), { code: '42601' });
    await expect(
      migrateWhenReachable(
        async () => {
          calls++;
          throw broken;
        },
        { sleep: async () => {} },
      ),
    ).rejects.toBe(broken);
    expect(calls).toBe(1);
    await expect(
      migrateWhenReachable(async () => Promise.reject(refused()), { timeoutMs: 0 }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });

  it('a real server that starts listening later is waited for', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    let server: net.Server | undefined;
    setTimeout(() => {
      server = net.createServer((c) => c.end()).listen(port, '127.0.0.1');
    }, 600);
    const connect = () =>
      new Promise<void>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve();
        });
        socket.once('error', reject);
      });
    await migrateWhenReachable(connect, { timeoutMs: 10_000 });
    server?.close();
  });
});
