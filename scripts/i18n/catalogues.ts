import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Audience } from '@scanline/contracts/catalogue-rules';

// The four sets of catalogues (docs/develop/adding-a-language.md) as the translation commands
// see them: each set is one or more folders of `<lang>.json` files, English the source, and a
// set's languages are the files its folders hold (each set's catalogue test already fails when
// those and the code's list of languages disagree).

export const SET_NAMES = ['console', 'pay', 'users', 'shoppers'] as const;
export type SetName = (typeof SET_NAMES)[number];

export interface CatalogueFile {
  set: SetName;
  /** `console.common`, `pay`: the XLIFF `<file id>`. */
  id: string;
  /** The folder, relative to the repository root, holding `<lang>.json`. */
  dir: string;
  audience: Audience;
}

export type Messages = Record<string, string>;

/** The repository root this script lives in. */
export const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

const CONSOLE_DIR = 'apps/web/src/messages';
const SINGLE: Record<Exclude<SetName, 'console'>, { dir: string; audience: Audience }> = {
  pay: { dir: 'apps/web/src/pay/messages', audience: 'shoppers' },
  users: { dir: 'apps/server/src/platform/i18n/messages/users', audience: 'users' },
  shoppers: { dir: 'apps/server/src/platform/i18n/messages/shoppers', audience: 'shoppers' },
};

/** Every catalogue file of a set, in a stable order (console areas alphabetically). */
export function catalogueFiles(root: string, set: SetName): CatalogueFile[] {
  if (set !== 'console') return [{ set, id: set, ...SINGLE[set] }];
  return fs
    .readdirSync(path.join(root, CONSOLE_DIR), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((area) => ({
      set,
      id: `console.${area}`,
      dir: `${CONSOLE_DIR}/${area}`,
      // The web terminal's words are read by cashiers (docs/i18n/rules.md#register).
      audience: area === 'terminal' ? 'cashiers' : 'users',
    }));
}

/** The languages a set is translated into (English included). */
export function setLanguages(root: string, set: SetName): string[] {
  const first = catalogueFiles(root, set)[0];
  if (!first) return [];
  return fs
    .readdirSync(path.join(root, first.dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
}

export const cataloguePath = (root: string, file: CatalogueFile, lang: string) =>
  path.join(root, file.dir, `${lang}.json`);

export function readCatalogue(root: string, file: CatalogueFile, lang: string): Messages {
  const p = cataloguePath(root, file, lang);
  return fs.existsSync(p) ? (JSON.parse(fs.readFileSync(p, 'utf8')) as Messages) : {};
}

/** The repository's JSON style: two spaces, a final newline, keys in English's order. */
export function formatCatalogue(english: Messages, messages: Messages): string {
  const ordered: Messages = {};
  for (const key of Object.keys(english)) if (key in messages) ordered[key] = messages[key] as string;
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

// The snapshot: which English each translation was made against, so a changed English source
// can be told from an up-to-date translation. `translated[set][lang][key]` is the hash of the
// English the translation matches; `english[hash]` keeps that English itself, so an export can
// show the translator what it said before. Only hashes something refers to are kept.

export const SNAPSHOT = 'scripts/i18n/source-hashes.json';

export interface Snapshot {
  english: Record<string, string>;
  translated: Partial<Record<SetName, Record<string, Record<string, string>>>>;
}

export const hashOf = (english: string) => createHash('sha256').update(english).digest('hex').slice(0, 12);

export function readSnapshot(root: string): Snapshot | undefined {
  const p = path.join(root, SNAPSHOT);
  return fs.existsSync(p) ? (JSON.parse(fs.readFileSync(p, 'utf8')) as Snapshot) : undefined;
}

/** Sorted sets, languages and keys, and no English text nothing points at. */
export function formatSnapshot(snapshot: Snapshot): string {
  const translated: Snapshot['translated'] = {};
  const used = new Set<string>();
  for (const set of SET_NAMES) {
    const langs = snapshot.translated[set];
    if (!langs) continue;
    const out: Record<string, Record<string, string>> = {};
    for (const lang of Object.keys(langs).sort()) {
      const keys = langs[lang] as Record<string, string>;
      out[lang] = Object.fromEntries(
        Object.keys(keys)
          .sort()
          .map((k) => {
            used.add(keys[k] as string);
            return [k, keys[k] as string];
          }),
      );
    }
    translated[set] = out;
  }
  const english = Object.fromEntries(
    Object.keys(snapshot.english)
      .filter((h) => used.has(h))
      .sort()
      .map((h) => [h, snapshot.english[h] as string]),
  );
  return `${JSON.stringify({ english, translated }, null, 2)}\n`;
}

export function writeSnapshot(root: string, snapshot: Snapshot) {
  fs.writeFileSync(path.join(root, SNAPSHOT), formatSnapshot(snapshot));
}

/**
 * Records the current English for every translated key the snapshot does not know yet (a new
 * key added with its translations, a new language), and drops keys no catalogue holds any more.
 * Entries already there are kept: they say which English the translation was made against.
 */
export function completeSnapshot(
  root: string,
  snapshot: Snapshot = { english: {}, translated: {} },
): Snapshot {
  const next: Snapshot = { english: { ...snapshot.english }, translated: {} };
  for (const set of SET_NAMES) {
    const langs: Record<string, Record<string, string>> = {};
    for (const lang of setLanguages(root, set).filter((l) => l !== 'en')) {
      const had = snapshot.translated[set]?.[lang] ?? {};
      const keys: Record<string, string> = {};
      for (const file of catalogueFiles(root, set)) {
        const english = readCatalogue(root, file, 'en');
        const messages = readCatalogue(root, file, lang);
        for (const key of Object.keys(english)) {
          if (!(key in messages)) continue;
          const known = had[key];
          if (known && known in next.english) keys[key] = known;
          else {
            const hash = hashOf(english[key] as string);
            next.english[hash] = english[key] as string;
            keys[key] = hash;
          }
        }
      }
      langs[lang] = keys;
    }
    next.translated[set] = langs;
  }
  return next;
}
