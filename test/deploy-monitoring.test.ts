import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createTestApp, type TestApp } from '../apps/server/src/test/harness';

const root = path.resolve(import.meta.dirname, '..');
// Exported only on PostgreSQL (this process's connection pools).
const POSTGRES_ONLY = new Set(['scanline_db_pool_connections']);
const PROMQL_WORDS = new Set([
  'sum',
  'max',
  'min',
  'avg',
  'count',
  'rate',
  'irate',
  'increase',
  'by',
  'without',
  'and',
  'or',
  'unless',
  'topk',
  'bottomk',
  'histogram_quantile',
  'clamp_min',
  'clamp_max',
  'le',
  'on',
  'ignoring',
  'bool',
  'offset',
]);

/** Metric families and their label names, as the running server exports them. */
async function exported(t: TestApp) {
  const body = (await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body;
  const families = new Map<string, Set<string>>();
  for (const line of body.split('\n')) {
    const m = /^# TYPE (\S+) (\S+)/.exec(line);
    if (m?.[1]) families.set(m[1], families.get(m[1]) ?? new Set());
    if (!line || line.startsWith('#')) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?/.exec(line);
    if (!sample?.[1]) continue;
    const name = sample[1].replace(/_(bucket|count|sum|total)$/, '');
    const family = [...families.keys()].find(
      (f) => f === sample[1] || f === name || `${f}_total` === sample[1],
    );
    for (const pair of (sample[2] ?? '').matchAll(/(\w+)="/g))
      if (family && pair[1]) families.get(family)?.add(pair[1]);
  }
  return families;
}

/** Every metric a PromQL expression names, with the label names its matchers use. */
function referenced(expr: string) {
  const out: { metric: string; labels: string[] }[] = [];
  const noStrings = expr.replace(/"[^"]*"/g, '""');
  for (const m of noStrings.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?/g)) {
    const word = m[1] ?? '';
    if (PROMQL_WORDS.has(word) || !/_/.test(word) || /^\d/.test(word)) continue;
    if (/^(le|status_class|result|status|pool|state|instance|route|kind|outcome|provider)$/.test(word))
      continue;
    const labels = [...(m[2] ?? '').matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)].map((x) => x[1] ?? '');
    out.push({ metric: word, labels });
  }
  return out;
}

function balanced(expr: string) {
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const stack: string[] = [];
  for (const c of expr.replace(/"[^"]*"/g, '')) {
    if ('([{'.includes(c)) stack.push(c);
    else if (c in pairs && stack.pop() !== pairs[c]) return false;
  }
  return stack.length === 0;
}

describe('monitoring files in deploy/', () => {
  let t: TestApp;
  let families: Map<string, Set<string>>;
  beforeAll(async () => {
    t = await createTestApp();
    // A request, so the histogram has a sample and its labels show.
    await t.app.inject({ url: '/api/v1/health' });
    families = await exported(t);
  });
  afterAll(() => t.close());

  const known = (metric: string) => {
    const base = metric.replace(/_(bucket|count|sum)$/, '');
    const family = families.get(base) ?? families.get(base.replace(/_total$/, ''));
    if (family) return family;
    if (POSTGRES_ONLY.has(base) && t.ctx.database.kind === 'pglite') return null;
    throw new Error(`${metric} is not exported by the server`);
  };
  const checkExpr = (expr: string) => {
    expect(balanced(expr), expr).toBe(true);
    const refs = referenced(expr);
    expect(refs.length, expr).toBeGreaterThan(0);
    for (const { metric, labels } of refs) {
      const family = known(metric);
      // A counter nothing has moved yet has no samples to show its labels.
      if (!family || family.size === 0) continue;
      for (const label of labels)
        expect([...family, 'le'], `${metric} has no label ${label}`).toContain(label);
    }
  };

  it('alerts.yml: Prometheus rule groups whose rules name exported series and say what to do', () => {
    const doc = parseYaml(fs.readFileSync(path.join(root, 'deploy/prometheus/alerts.yml'), 'utf8')) as {
      groups: { name: string; rules: Record<string, unknown>[] }[];
    };
    expect(doc.groups.length).toBeGreaterThan(0);
    const names = new Set<string>();
    for (const group of doc.groups) {
      expect(group.name).toBeTruthy();
      for (const rule of group.rules) {
        expect(Object.keys(rule).sort()).toEqual(['alert', 'annotations', 'expr', 'for', 'labels']);
        expect(rule.alert).toMatch(/^[A-Z][A-Za-z0-9]+$/);
        expect(names.has(rule.alert as string)).toBe(false);
        names.add(rule.alert as string);
        expect(rule.for).toMatch(/^\d+[smh]$/);
        expect((rule.labels as Record<string, string>).severity).toMatch(/^(warning|critical)$/);
        const notes = rule.annotations as Record<string, string>;
        expect(notes.summary).toBeTruthy();
        expect(notes.description).toBeTruthy();
        checkExpr(String(rule.expr));
      }
    }
    // What the issue asks to be alerted on.
    const exprs = doc.groups.flatMap((g) => g.rules.map((r) => String(r.expr))).join('\n');
    for (const m of [
      'scanline_webhook_deliveries_oldest_pending_age_seconds',
      'scanline_outbox_lag_seconds',
      'status_class="5xx"',
      'scanline_terminals{status="offline"}',
    ])
      expect(exprs).toContain(m);
  });

  it('grafana/scanline.json: a dashboard whose every panel query names exported series', () => {
    const dash = JSON.parse(fs.readFileSync(path.join(root, 'deploy/grafana/scanline.json'), 'utf8')) as {
      title: string;
      uid: string;
      panels: { id: number; title: string; gridPos: object; targets: { expr: string; refId: string }[] }[];
    };
    expect(dash.title).toBe('Scanline');
    expect(dash.uid).toBeTruthy();
    const ids = dash.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const covered = new Set<string>();
    for (const panel of dash.panels) {
      expect(panel.title).toBeTruthy();
      expect(panel.gridPos).toMatchObject({ w: expect.any(Number), h: expect.any(Number) });
      expect(panel.targets.length).toBeGreaterThan(0);
      for (const target of panel.targets) {
        checkExpr(target.expr);
        for (const r of referenced(target.expr)) covered.add(r.metric.replace(/_(bucket|count|sum)$/, ''));
      }
    }
    for (const family of families.keys())
      if (family.startsWith('scanline_')) expect([...covered], `no panel shows ${family}`).toContain(family);
  });
});
