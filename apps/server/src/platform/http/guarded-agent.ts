import dns from 'node:dns/promises';
import net from 'node:net';
import { Agent, buildConnector } from 'undici';
import { type OutboundPolicy, OutboundRefusedError, refusalFor, stripBrackets } from './outbound-guard';

// Its own file so that undici loads with the first sender, not with every start.
const defaultLookup = (hostname: string) => dns.lookup(hostname, { all: true, verbatim: true });

/** An undici Agent whose every connection goes through outbound-guard's checks (SSRF). */
export function guardedAgent(
  policy: OutboundPolicy,
  opts: { connections?: number; connectTimeoutMs?: number } = {},
): Agent {
  const connect = buildConnector({ timeout: opts.connectTimeoutMs ?? 10_000 });
  const lookup = policy.lookup ?? defaultLookup;
  return new Agent({
    connections: opts.connections ?? 16,
    keepAliveTimeout: 10_000,
    connect(options, callback) {
      const host = stripBrackets(options.hostname);
      const resolve = net.isIP(host)
        ? Promise.resolve([{ address: host, family: net.isIP(host) }])
        : lookup(host);
      resolve.then(
        (addresses) => {
          if (addresses.length === 0) return callback(new Error(`${host} did not resolve`), null);
          // Every answer must pass: a name that resolves to a private address among public ones is refused.
          for (const a of addresses) {
            const why = refusalFor(policy, a.address, options.protocol);
            if (why) return callback(new OutboundRefusedError(`Refused ${host}: ${why}`), null);
          }
          const address = addresses[0]!.address;
          connect(
            {
              ...options,
              hostname: address,
              // TLS still verifies the certificate against the name in the URL.
              servername: options.servername || (net.isIP(host) ? undefined : host),
            },
            callback,
          );
        },
        (error: Error) => callback(error, null),
      );
    },
  });
}
