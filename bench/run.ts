// `npm run bench`: figures against baselines measured in the same run (never run in CI).
// Each bench is imported when it runs: naming one loads only its own code.

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = {
  'id-token': () => import('./id-token-verification').then((m) => m.benchIdTokenVerification()),
  'sign-in': () => import('./sign-in-throughput').then((m) => m.benchSignIn()),
  bundle: () => import('./bundle').then((m) => m.benchBundle()),
  lighthouse: () => import('./lighthouse').then((m) => m.benchLighthouse()),
  workspace: () => import('./workspace').then((m) => m.benchWorkspace()),
  transactions: () => import('./transaction-create').then((m) => m.benchTransactionCreate()),
  pay: () => import('./pay-latency').then((m) => m.benchPayLatency()),
  webhooks: () => import('./webhooks').then((m) => m.benchWebhooks()),
  tables: () => import('./tables').then((m) => m.benchTables()),
  fleet: () => import('./fleet').then((m) => m.benchFleet()),
  start: () => import('./start').then((m) => m.benchStart()),
  'request-logs': () => import('./request-logs').then((m) => m.benchRequestLogs()),
  search: () => import('./search').then((m) => m.benchSearch()),
  closes: () => import('./closes').then((m) => m.benchCloses()),
  hostile: () => import('./hostile').then((m) => m.benchHostile()),
  'cashier-session': () => import('./cashier-session').then((m) => m.benchCashierSession()),
  'project-read': () => import('./project-read').then((m) => m.benchProjectRead()),
};
// Only when asked for by name: scale makes its own PostgreSQL pair and loads 10 million rows;
// items seeds a million line items.
const byNameOnly: Record<string, () => Promise<void>> = {
  scale: () => import('./scale').then((m) => m.benchScale()),
  items: () => import('./items').then((m) => m.benchItems()),
};

// A name that names nothing says so, and which names there are, instead of running nothing.
if (only && !only.startsWith('-') && !(only in benches) && !(only in byNameOnly)) {
  console.error(
    `No bench named "${only}". Benches: ${[...Object.keys(benches), ...Object.keys(byNameOnly)].join(', ')}.`,
  );
  process.exit(2);
}
const asked = only && only in byNameOnly ? { [only]: byNameOnly[only]! } : {};
for (const [name, run] of Object.entries({ ...benches, ...asked })) {
  if (!only || only.startsWith('-') || only === name) await run();
}

export {};
