import { Worker } from 'node:worker_threads';

// The client runs on a thread of its own. In the server's process and event loop (as `fetch`
// is elsewhere in the benches) it reads the first chunk only when the server next yields: after
// the CPU of whatever batch the server turned to meanwhile, so the figure measured the race
// between the two, not when the byte arrived. A real client is another process.
const CLIENT = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ url, headers }) => {
  try {
    const start = performance.now();
    const res = await fetch(url, { headers });
    if (!res.ok || !res.body) throw new Error(url + ': ' + res.status);
    const reader = res.body.getReader();
    await reader.read();
    const took = performance.now() - start;
    await reader.cancel();
    parentPort.postMessage({ took });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});`;

/** Times a streamed answer's first chunk from a client thread, then cancels the download. */
export function firstByteClient() {
  const worker = new Worker(CLIENT, { eval: true });
  return {
    /** Milliseconds from the request to the first chunk of the body. */
    time(url: string, headers: Record<string, string>): Promise<number> {
      return new Promise((resolve, reject) => {
        worker.once('message', (m: { took?: number; error?: string }) =>
          m.error ? reject(new Error(m.error)) : resolve(m.took!),
        );
        worker.postMessage({ url, headers });
      });
    },
    close: () => worker.terminate(),
  };
}
