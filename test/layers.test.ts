import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, findSiblingImports, findUpwardImports, readImportGraph } from './import-graph';

// The rule docs/develop/architecture.md#which-folder-may-import-which writes down: a file imports only from its own layer or a
// lower one, no files import each other, and no web feature imports another. Folders are listed top layer first.
const serverLayers = [
  ['main.ts', 'app.ts'],
  ['api/', 'cli/', 'workers/'],
  ['domain/'],
  ['identity/'],
  ['platform/'],
  ['db/'],
] as const;

const webLayers = [
  ['main.tsx', 'app/', 'pay/', 'terminal-app/'],
  ['features/'],
  ['shared/'],
  ['auth/'],
  ['api/', 'ui/', 'theme/', 'lib/', 'config/', 'messages/'],
] as const;

const repository = path.resolve(import.meta.dirname, '..');
const trees = [
  { name: 'apps/server/src', layers: serverLayers },
  { name: 'apps/web/src', layers: webLayers },
  { name: 'packages/contracts/src', layers: [] },
  { name: 'packages/client/src', layers: [] },
];

describe('code layout', () => {
  for (const tree of trees) {
    const graph = readImportGraph(path.join(repository, tree.name));

    it(`${tree.name}: reads a real import graph`, () => {
      // Guards the reader itself: an empty graph would pass every rule below.
      const edges = [...graph.values()].reduce((sum, targets) => sum + targets.size, 0);
      expect(graph.size).toBeGreaterThan(3);
      expect(edges).toBeGreaterThan(2);
    });

    if (tree.layers.length > 0) {
      it(`${tree.name}: no import runs up a layer`, () => {
        expect(findUpwardImports(graph, tree.layers)).toEqual([]);
      });
    }

    it(`${tree.name}: no files import each other`, () => {
      expect(findCycles(graph)).toEqual([]);
    });

    if (tree.name === 'apps/web/src') {
      it(`${tree.name}: no feature imports another feature`, () => {
        expect(findSiblingImports(graph, 'features/')).toEqual([]);
      });
    }
  }

  it('the checks catch an upward import and a loop', () => {
    const graph = new Map([
      ['platform/a.ts', new Set(['domain/b.ts'])],
      ['domain/b.ts', new Set(['platform/a.ts'])],
      ['domain/c.ts', new Set(['platform/a.ts'])],
    ]);
    expect(findUpwardImports(graph, serverLayers)).toEqual(['platform/a.ts → domain/b.ts']);
    expect(findCycles(graph)).toEqual([['domain/b.ts', 'platform/a.ts']]);
  });

  it('the checks catch a feature importing another feature', () => {
    const graph = new Map([
      ['features/books/ClosesPage.tsx', new Set(['features/books/hooks.ts', 'features/terminals/hooks.ts'])],
      ['features/terminals/hooks.ts', new Set(['shared/projects/hooks.ts'])],
      [
        'app/pages/TerminalDetailPage.tsx',
        new Set(['features/books/hooks.ts', 'features/terminals/hooks.ts']),
      ],
    ]);
    expect(findSiblingImports(graph, 'features/')).toEqual([
      'features/books/ClosesPage.tsx → features/terminals/hooks.ts',
    ]);
    expect(findUpwardImports(graph, webLayers)).toEqual([]);
  });
});
