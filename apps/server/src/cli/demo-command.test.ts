import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../platform/sql-rows';
import { makeTeam } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { CommandError, operatorCommands } from './operator-commands';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('npm run cli -- demo seed', () => {
  it('fills the project with the asked history and reports it', async () => {
    const team = await makeTeam(t);
    const out = await operatorCommands['demo seed']!(t.ctx, [
      '--project',
      team.project.id,
      '--terminals=3',
      '--days',
      '7',
      '--rows',
      '900',
    ]);
    expect(out.lines.at(-1)).toMatch(/^Seeded prj_\w+: 3 terminals, 900 transactions in/);
    const [n] = await rowsOf<{ n: number; days: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n, count(distinct (created_at at time zone 'America/New_York')::date)::int as days
          from transactions where project_id = ${team.project.id}`,
    );
    expect(n!.n).toBe(900);
    expect(n!.days).toBeLessThanOrEqual(7);
  }, 60_000);

  it('refuses a missing project, an unknown one and bad numbers', async () => {
    const run = (args: string[]) => operatorCommands['demo seed']!(t.ctx, args);
    await expect(run([])).rejects.toMatchObject({ exitCode: 2 });
    await expect(run(['--project', 'prj_nope'])).rejects.toMatchObject({ exitCode: 3 });
    await expect(run(['--project', 'prj_x', '--days', '0'])).rejects.toBeInstanceOf(CommandError);
    await expect(run(['--project', 'prj_x', '--transactions', 'many'])).rejects.toBeInstanceOf(CommandError);
  });
});
