import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { operationIdOf } from './openapi-contract';

type Op = {
  operationId: string;
  summary: string;
  tags: string[];
  security: unknown[];
  responses: Record<string, { $ref?: string }>;
};

describe('OpenAPI contract', () => {
  let t: TestApp;
  let ops: { method: string; path: string; op: Op }[];
  let doc: { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, unknown> } };
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject('/api/v1/openapi.json')).json();
    ops = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([m]) => ['get', 'put', 'post', 'patch', 'delete'].includes(m))
        .map(([method, op]) => ({ method, path, op })),
    );
  });
  afterAll(() => t.close());

  it('derives camelCase operation ids from the path', () => {
    expect(operationIdOf('get', '/api/v1/projects/{project_id}/events/{event_id}')).toBe(
      'getProjectsEventsByEventId',
    );
    expect(operationIdOf('post', '/terminal/v1/device/transactions')).toBe('postTerminalDeviceTransactions');
    expect(operationIdOf('get', '/mobile/v1/scans/{token}')).toBe('getMobileScansByToken');
  });

  it('gives every operation a unique camelCase operationId, a summary and tags', () => {
    expect(ops.length).toBeGreaterThan(20);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { op } of ops) {
      expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(op.summary).toBeTruthy();
      expect(op.tags.length).toBeGreaterThan(0);
    }
  });

  it('documents the error responses with the shared Problem component', () => {
    expect(doc.components.schemas.Problem).toMatchObject({ type: 'object' });
    for (const { path, method, op } of ops) {
      const where = `${method} ${path}`;
      expect(op.responses['400']?.$ref, where).toBe('#/components/responses/Problem400');
      expect(op.responses['500']?.$ref, where).toBe('#/components/responses/Problem500');
      if (path.includes('{')) expect(op.responses['404'], where).toBeDefined();
    }
  });

  it('marks the public routes as needing no credentials and the rest with a scheme', () => {
    for (const { path, op } of ops) {
      const isPublic =
        path.startsWith('/mobile/v1/') ||
        path === '/api/v1/providers/stripe/webhook' ||
        path === '/terminal/v1/pair';
      if (isPublic) {
        expect(op.security, path).toEqual([]);
        expect(op.responses['401'], path).toBeUndefined();
      } else {
        expect(op.security.length, path).toBeGreaterThan(0);
        expect(op.responses['401'], path).toBeDefined();
      }
    }
    expect(ops.some((o) => o.path === '/api/v1/providers/stripe/webhook')).toBe(true);
    expect(ops.some((o) => o.path.startsWith('/mobile/v1/'))).toBe(true);
    const heartbeat = ops.find((o) => o.path === '/terminal/v1/heartbeat');
    expect(heartbeat?.op.security).toEqual([{ deviceToken: [] }]);
  });

  // Recommended rules: no error and no warning.
  it('passes @redocly/cli lint with no errors and no warnings', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const { stdout, stderr } = await promisify(execFile)('node_modules/.bin/redocly', ['lint', file], {
      cwd: join(__dirname, '../../../..'),
    });
    const out = stdout + stderr;
    expect(out).toMatch(/Your API description is valid/);
    expect(out).not.toMatch(/warnings? (was|were) generated/i);
  }, 60_000);
});
