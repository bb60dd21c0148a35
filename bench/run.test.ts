import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('npm run bench NAME', () => {
  it('refuses a name it does not know, listing the ones it does (exit 2), and runs nothing', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'bench/run.ts', 'closess'],
        { cwd: root },
        (error, _out, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No bench named "closess"');
    expect(result.stderr).toContain('closes');
    expect(result.stderr).toContain('scale');
  });
});
