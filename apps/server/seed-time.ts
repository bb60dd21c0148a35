import { createTestApp } from './src/test/harness';
import { makeTeam } from './src/test/factories';
import { seedDemo } from './src/domain/demo/seed-demo';
const t = await createTestApp();
const team = await makeTeam(t);
for (const n of [Number(process.argv[2] ?? 100000)]) {
  const started = Date.now();
  await seedDemo(t.ctx.database.db, team.project.id, { terminals: 20, days: 90, transactions: n, now: new Date(), createdBy: 'demo', onProgress: () => {} });
  console.log(`${n} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
await t.close();
