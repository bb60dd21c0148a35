import fs from 'node:fs';
import path from 'node:path';
import {
  completeSnapshot,
  formatSnapshot,
  REPO_ROOT,
  readSnapshot,
  SET_NAMES,
  type SetName,
  SNAPSHOT,
} from './catalogues';
import { exportXliff, importXliff } from './xliff';

// npm run i18n -- export --lang de [--set console|pay|users|shoppers|all] [--all-strings] [--out f.xlf]
// npm run i18n -- import f.xlf
// npm run i18n -- snapshot
// (docs/develop/translating.md)

const USAGE = `usage:
  npm run i18n -- export --lang <code> [--set console|pay|users|shoppers|all] [--all-strings] [--out file.xlf]
  npm run i18n -- import <file.xlf>
  npm run i18n -- snapshot`;

export function main(argv: string[], root = REPO_ROOT): number {
  const [command, ...rest] = argv;
  const flag = (name: string) => {
    const at = rest.indexOf(name);
    if (at < 0) return undefined;
    const value = rest[at + 1];
    if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
    return value;
  };
  if (command === 'export') {
    const lang = flag('--lang');
    if (!lang) throw new Error(`--lang is required\n${USAGE}`);
    const set = flag('--set') ?? 'all';
    if (set !== 'all' && !SET_NAMES.includes(set as SetName))
      throw new Error(`--set is one of ${SET_NAMES.join(', ')} or all`);
    const sets = set === 'all' ? SET_NAMES : [set as SetName];
    const { xliff, counts, snapshotCreated } = exportXliff({
      root,
      lang,
      sets,
      allStrings: rest.includes('--all-strings'),
    });
    const out = flag('--out');
    if (snapshotCreated)
      console.error(`no ${SNAPSHOT} yet: every translation counted as current, and it is written now`);
    if (out) fs.writeFileSync(path.resolve(out), xliff);
    else process.stdout.write(xliff);
    console.error(
      `${lang}: ${counts.missing} missing, ${counts.changed} changed${rest.includes('--all-strings') ? `, ${counts.current} current` : ''}${out ? ` → ${out}` : ''}`,
    );
    return 0;
  }
  if (command === 'import') {
    const file = rest[0];
    if (!file) throw new Error(`which file?\n${USAGE}`);
    const result = importXliff(root, fs.readFileSync(path.resolve(file), 'utf8'));
    if (!result.ok) {
      for (const p of result.problems)
        console.error(`${p.unit ? `${p.unit}: ` : p.file ? `${p.file}: ` : ''}${p.message}`);
      console.error(`${file}: ${result.problems.length} problem(s); nothing was written`);
      return 1;
    }
    console.error(
      `${result.lang}: ${result.written} translation(s) written, ${result.untranslated} unit(s) without a target${result.files.length ? `\n  ${result.files.join('\n  ')}` : ''}`,
    );
    return 0;
  }
  if (command === 'snapshot') {
    fs.writeFileSync(path.join(root, SNAPSHOT), formatSnapshot(completeSnapshot(root, readSnapshot(root))));
    console.error(`${SNAPSHOT} now lists every translated key`);
    return 0;
  }
  console.error(USAGE);
  return command ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 1;
  }
}
