// `npm run bench`: figures against baselines measured in the same run (never run in CI).
import { benchBundle } from './bundle';
import { benchIdTokenVerification } from './id-token-verification';
import { benchSignIn } from './sign-in-throughput';
import { benchTables } from './tables';
import { benchWorkspace } from './workspace';

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = {
  'id-token': benchIdTokenVerification,
  'sign-in': benchSignIn,
  bundle: benchBundle,
  workspace: benchWorkspace,
  tables: benchTables,
};
for (const [name, run] of Object.entries(benches)) {
  if (!only || only === name) await run();
}
