// Vitest setup: a test that tries to reach anything but this machine fails at once, instead
// of hanging on the closed network or, worse, passing because something answered.
import net from 'node:net';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::ffff:127.0.0.1']);
const original = net.Socket.prototype.connect;

net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  // net.connect() passes its already normalised [options, callback] array as one argument.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = (typeof first === 'object' && first !== null ? first : { port: first, host: args[1] }) as {
    host?: unknown;
    path?: unknown;
  };
  const host = typeof options.host === 'string' ? options.host : undefined;
  // Unix sockets (PostgreSQL's) and loopback addresses only.
  if (!options.path && host !== undefined && !LOOPBACK.has(host) && !host.startsWith('127.')) {
    throw new Error(`Unexpected outbound connection to ${host} in a test: stand it in with a local peer.`);
  }
  return (original as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
