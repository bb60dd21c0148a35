import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The import graph of one source tree, read as text: every static `import`/`export … from`
 * and dynamic `import('…')` with a relative specifier, resolved to a file of the tree.
 * Package imports (`@scanline/contracts`, `fastify`, …) are not edges: packages sit below
 * every layer. Tests and test helpers are left out: they may reach into any layer.
 */
export type ImportGraph = Map<string, Set<string>>;

const sourceExtensions = ['.ts', '.tsx'];
const specifierPattern =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function isTestFile(relativePath: string): boolean {
  return (
    /\.test\.tsx?$/.test(relativePath) || relativePath.startsWith('test/') || relativePath.includes('/test/')
  );
}

function listSourceFiles(root: string, relative = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, relative))) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'generated') continue;
    const entryPath = relative ? `${relative}/${entry}` : entry;
    if (statSync(path.join(root, entryPath)).isDirectory()) {
      files.push(...listSourceFiles(root, entryPath));
    } else if (sourceExtensions.some((extension) => entry.endsWith(extension))) {
      if (!entry.endsWith('.d.ts') && !isTestFile(entryPath)) files.push(entryPath);
    }
  }
  return files;
}

function resolveSpecifier(root: string, fromFile: string, specifier: string): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  const withoutJs = base.replace(/\.js$/, '');
  const candidates = [
    base,
    ...sourceExtensions.map((extension) => withoutJs + extension),
    ...sourceExtensions.map((extension) => `${base}/index${extension}`),
  ];
  return candidates.find((candidate) => {
    const full = path.join(root, candidate);
    return existsSync(full) && statSync(full).isFile();
  });
}

export function readImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of listSourceFiles(root)) {
    const targets = new Set<string>();
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(specifierPattern)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier?.startsWith('.')) continue;
      const target = resolveSpecifier(root, file, specifier);
      if (target && !isTestFile(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Pairs of files that import each other (directly, or through a longer loop). */
export function findCycles(graph: ImportGraph): string[][] {
  // Tarjan's strongly connected components: every component of more than one file is a loop.
  let index = 0;
  const indexes = new Map<string, number>();
  const lowLinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    indexes.set(file, index);
    lowLinks.set(file, index);
    index++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!indexes.has(target)) {
        visit(target);
        lowLinks.set(file, Math.min(lowLinks.get(file) ?? 0, lowLinks.get(target) ?? 0));
      } else if (onStack.has(target)) {
        lowLinks.set(file, Math.min(lowLinks.get(file) ?? 0, indexes.get(target) ?? 0));
      }
    }
    if (lowLinks.get(file) === indexes.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!indexes.has(file)) visit(file);
  return cycles;
}

/**
 * Layers from the top down: a file may import from its own layer or any layer below it.
 * `layerOf` names the layer of a file (by the first folder that matches) or undefined when
 * the file is in no layer (and so is not checked).
 */
export function findUpwardImports(graph: ImportGraph, layers: readonly (readonly string[])[]): string[] {
  const layerOf = (file: string): number | undefined => {
    const found = layers.findIndex((prefixes) =>
      prefixes.some((prefix) => (prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix)),
    );
    return found === -1 ? undefined : found;
  };
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = layerOf(target);
      if (to !== undefined && to < from) violations.push(`${file} → ${target}`);
    }
  }
  return violations.sort();
}

/**
 * Imports from one folder under `parent` into a sibling folder (`features/books/…` →
 * `features/terminals/…`): each area stands alone, and what two areas share lives a layer below.
 */
export function findSiblingImports(graph: ImportGraph, parent: string): string[] {
  const areaOf = (file: string) =>
    file.startsWith(parent) ? file.slice(parent.length).split('/')[0] : undefined;
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    const from = areaOf(file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = areaOf(target);
      if (to !== undefined && to !== from) violations.push(`${file} → ${target}`);
    }
  }
  return violations.sort();
}
