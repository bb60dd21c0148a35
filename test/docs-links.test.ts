import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { errorCodes } from '@scanline/contracts';
import { describe, expect, it } from 'vitest';

// The docs are a tree of pages that link to each other and to headings; code comments cite
// those pages. A renamed heading or a moved page breaks a link silently on GitHub, so every
// relative link, every #anchor and every page cited from the code must resolve here.

const repository = path.resolve(import.meta.dirname, '..');

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, keep, out);
    else if (keep(full)) out.push(full);
  }
  return out;
}

/** Markdown outside fenced code blocks, line by line (a `# comment` in a shell block is no heading). */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const opener = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && opener) fence = opener.charAt(0);
    else if (fence !== null && opener?.charAt(0) === fence) fence = null;
    else if (fence === null) lines.push(line);
  }
  return lines;
}

/** GitHub's heading ids (github-slugger): lowercase, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingSlugs(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const slugs = new Set<string>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const text = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*]/g, '')
      .replace(/(^|\s)_+|_+(\s|$)/g, '$1$2');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

/** Link targets in prose: `[text](target)` and `![alt](target)`, inline code left out. */
function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(markdown)) {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      targets.push(match[1] ?? '');
  }
  return targets;
}

const slugCache = new Map<string, Set<string>>();
function slugsOf(file: string): Set<string> {
  let slugs = slugCache.get(file);
  if (!slugs) {
    slugs = headingSlugs(readFileSync(file, 'utf8'));
    slugCache.set(file, slugs);
  }
  return slugs;
}

/** Why `target`, written in `from`, does not resolve; null when it does. */
function brokenLink(from: string, target: string): string | null {
  const [rawPath = '', anchor] = target.split('#', 2);
  const file = rawPath === '' ? from : path.resolve(path.dirname(from), decodeURI(rawPath));
  if (!existsSync(file)) return `no file ${path.relative(repository, file)}`;
  if (anchor === undefined || anchor === '') return null;
  if (statSync(file).isDirectory() || !file.endsWith('.md'))
    return `#${anchor} on a file that is not Markdown`;
  return slugsOf(file).has(decodeURIComponent(anchor).toLowerCase())
    ? null
    : `no heading #${anchor} in ${path.relative(repository, file)}`;
}

const pages = [
  path.join(repository, 'README.md'),
  ...walk(path.join(repository, 'docs'), (file) => file.endsWith('.md')),
];

describe('docs links', () => {
  it('finds the pages and their links', () => {
    // Guards the reader: a parser that finds nothing would pass every check below.
    expect(pages.length).toBeGreaterThan(20);
    expect(linkTargets(readFileSync(path.join(repository, 'docs/README.md'), 'utf8')).length).toBeGreaterThan(
      20,
    );
    expect(slugsOf(path.join(repository, 'docs/guide/closes.md'))).toContain('the-hash-rule');
  });

  it('slugs headings as GitHub does', () => {
    const slugs = headingSlugs(
      '# Routes (main API)\n## `bench scale`\n## A declined card, and events\n```sh\n# not a heading\n```\n## Routes (main API)\n',
    );
    expect([...slugs]).toEqual([
      'routes-main-api',
      'bench-scale',
      'a-declined-card-and-events',
      'routes-main-api-1',
    ]);
  });

  for (const page of pages) {
    const name = path.relative(repository, page);
    it(`${name}: every relative link and anchor resolves`, () => {
      const broken = linkTargets(readFileSync(page, 'utf8'))
        .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
        .map((target) => ({ target, why: brokenLink(page, target) }))
        .filter((link) => link.why !== null);
      expect(broken).toEqual([]);
    });
  }

  it('every docs page cited from the code exists, with its heading', () => {
    const roots = ['apps', 'packages', 'scripts', 'test', 'bench', 'e2e', 'deploy', '.ci'];
    const sources = roots
      .map((root) => path.join(repository, root))
      .filter((root) => existsSync(root))
      .flatMap((root) =>
        walk(root, (file) => /\.(ts|tsx|mts|js|mjs|sql|sh|yml|yaml|json)$/.test(file) || !path.extname(file)),
      );
    const citation = /(?<![\w/.-])(docs\/[\w./-]+?\.md)(?:#([\w-]+))?/g;
    const cited: string[] = [];
    const broken: string[] = [];
    for (const source of sources) {
      if (source === path.join(repository, 'test/docs-links.test.ts')) continue;
      for (const match of readFileSync(source, 'utf8').matchAll(citation)) {
        const page = match[1] ?? '';
        const target = match[2] ? `${page}#${match[2]}` : page;
        cited.push(target);
        const why = brokenLink(path.join(repository, 'README.md'), target);
        if (why) broken.push(`${path.relative(repository, source)}: ${target} (${why})`);
      }
    }
    expect(cited.length).toBeGreaterThan(3);
    expect(broken).toEqual([]);
  });

  it('no code comment cites a README section: they moved to docs/', () => {
    const roots = ['apps', 'packages', 'scripts', 'test', 'bench', 'e2e'];
    const sources = roots.flatMap((root) =>
      walk(path.join(repository, root), (file) => /\.(ts|tsx|mjs|sql)$/.test(file)),
    );
    const citing = sources
      .filter((source) => source !== path.join(repository, 'test/docs-links.test.ts'))
      .filter((source) =>
        /README(\.md)?\s*(#|§|")|README's "|see README\b/.test(readFileSync(source, 'utf8')),
      )
      .map((source) => path.relative(repository, source));
    expect(citing).toEqual([]);
  });

  it('pages stay short enough to read: the front page at most 250 lines, every other at most 400', () => {
    const long = pages
      .map((page) => ({
        page: path.relative(repository, page),
        lines: readFileSync(page, 'utf8').split('\n').length,
      }))
      .filter(({ page, lines }) => lines > (page === 'README.md' ? 250 : 400));
    expect(long).toEqual([]);
  });

  it('docs/api/errors.md lists every error code', () => {
    const errorsPage = readFileSync(path.join(repository, 'docs/api/errors.md'), 'utf8');
    const missing = errorCodes.filter((code) => !errorsPage.includes(`| \`${code}\` |`));
    expect(missing).toEqual([]);
  });
});
