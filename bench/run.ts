// `npm run bench`: figures against baselines measured in the same run (never run in CI).
import { benchBundle } from './bundle';
import { benchCloses } from './closes';
import { benchFleet } from './fleet';
import { benchHostile } from './hostile';
import { benchIdTokenVerification } from './id-token-verification';
import { benchLighthouse } from './lighthouse';
import { benchPayLatency } from './pay-latency';
import { benchRequestLogs } from './request-logs';
import { benchScale } from './scale';
import { benchSearch } from './search';
import { benchSignIn } from './sign-in-throughput';
import { benchStart } from './start';
import { benchTables } from './tables';
import { benchTransactionCreate } from './transaction-create';
import { benchWebhooks } from './webhooks';
import { benchWorkspace } from './workspace';

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = {
  'id-token': benchIdTokenVerification,
  'sign-in': benchSignIn,
  bundle: benchBundle,
  lighthouse: benchLighthouse,
  workspace: benchWorkspace,
  transactions: benchTransactionCreate,
  pay: benchPayLatency,
  webhooks: benchWebhooks,
  tables: benchTables,
  fleet: benchFleet,
  start: benchStart,
  'request-logs': benchRequestLogs,
  search: benchSearch,
  closes: benchCloses,
  hostile: benchHostile,
  // Only when asked for by name: it makes its own PostgreSQL pair and loads 10 million rows.
  ...(only === 'scale' ? { scale: benchScale } : {}),
};
for (const [name, run] of Object.entries(benches)) {
  if (!only || only === name) await run();
}
