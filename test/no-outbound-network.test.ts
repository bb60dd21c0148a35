import net from 'node:net';
import { expect, it } from 'vitest';

it('refuses connections that leave this machine, and allows loopback', async () => {
  // `.invalid` never resolves, so even without the guard nothing would leave the machine.
  expect(() => net.connect({ host: 'example.invalid', port: 80 })).toThrow(/Unexpected outbound connection/);
  await expect(fetch('http://example.invalid/')).rejects.toThrow();
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const socket = net.connect({ host: '127.0.0.1', port: (server.address() as net.AddressInfo).port });
  await new Promise((r) => socket.once('connect', r));
  socket.destroy();
  server.close();
});
