import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUS_CHANNELS } from '../platform/bus';
import { loadConfig } from '../platform/config';
import { makeTeam } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { pairedTerminal, type Team } from '../test/terminal-fixtures';
import { sweepTerminalsOnce } from './terminal-sweeper';

describe('terminal sweeper with TERMINAL_OFFLINE_AFTER_SECONDS', () => {
  let t: TestApp;
  let team: Team;
  beforeAll(async () => {
    t = await createTestApp({ env: { TERMINAL_OFFLINE_AFTER_SECONDS: '30' } });
    team = await makeTeam(t);
  });
  afterAll(() => t.close());

  it('reads the setting (default 120) and refuses nonsense', () => {
    expect(loadConfig({}).terminalOfflineAfterSeconds).toBe(120);
    expect(t.ctx.config.terminalOfflineAfterSeconds).toBe(30);
    expect(() => loadConfig({ TERMINAL_OFFLINE_AFTER_SECONDS: 'soon' })).toThrow(
      /TERMINAL_OFFLINE_AFTER_SECONDS/,
    );
    expect(() => loadConfig({ TERMINAL_OFFLINE_AFTER_SECONDS: '0' })).toThrow(
      /TERMINAL_OFFLINE_AFTER_SECONDS/,
    );
  });

  it('marks offline after the configured time and announces it on the bus after commit', async () => {
    const { terminal } = await pairedTerminal(t, team);
    const heard: Record<string, unknown>[] = [];
    const off = t.ctx.database.bus.subscribe(BUS_CHANNELS.terminals, (m) => heard.push(m));
    try {
      t.advance(29_000);
      expect((await sweepTerminalsOnce(t.ctx)).offline.map((r) => r.id)).not.toContain(terminal.id);
      t.advance(2_000);
      expect((await sweepTerminalsOnce(t.ctx)).offline.map((r) => r.id)).toContain(terminal.id);
      await new Promise((r) => setTimeout(r, 10));
      expect(heard).toContainEqual({ project_id: team.project.id, id: terminal.id, status: 'offline' });
    } finally {
      off();
    }
  });
});
