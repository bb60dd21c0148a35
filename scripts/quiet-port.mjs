// A free port below the kernel's ephemeral range (32768+), tried until one binds, for a server
// that binds it seconds later: suites running beside CI's lanes listen on ephemeral ports and
// could take one chosen from that range meanwhile. `node scripts/quiet-port.mjs` prints one.
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export async function quietPort() {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await quietPort());
}
