import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  completeSnapshot,
  formatSnapshot,
  REPO_ROOT,
  readSnapshot,
  SET_NAMES,
  SNAPSHOT,
} from '../scripts/i18n/catalogues';
import { main } from '../scripts/i18n/cli';
import { exportXliff, importXliff } from '../scripts/i18n/xliff';

// The translators' round trip (docs/develop/translating.md): export a language's missing and
// changed strings to XLIFF 2.0, import them back only when every target passes the catalogue
// rules. Each case works on a copy of the catalogues, so the repository's files are never written.

const COPY = [
  'apps/web/src/messages',
  'apps/web/src/pay/messages',
  'apps/server/src/platform/i18n/messages',
  'docs/i18n',
  SNAPSHOT,
];

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'scanline-i18n-'));
  for (const p of COPY)
    fs.cpSync(path.join(REPO_ROOT, p), path.join(root, p), {
      recursive: true,
      filter: (src) => !src.endsWith('.ts'),
    });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every file under the copy with its hash: "nothing was written" is this not changing. */
function tree(dir = root, into: Record<string, string> = {}): Record<string, string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) tree(p, into);
    else into[path.relative(root, p)] = createHash('sha256').update(fs.readFileSync(p)).digest('hex');
  }
  return into;
}
const commonDir = 'apps/web/src/messages/common';
const readJson = (rel: string) =>
  JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8')) as Record<string, string>;
const writeJson = (rel: string, value: Record<string, string>) =>
  fs.writeFileSync(path.join(root, rel), `${JSON.stringify(value, null, 2)}\n`);
const unitIds = (xliff: string) => [...xliff.matchAll(/<unit id="([^"]+)">/g)].map((m) => m[1]);
/** Replaces the target of one unit in an exported document. */
const setTarget = (xliff: string, key: string, target: string) => {
  const at = xliff.indexOf(`<unit id="${key}">`);
  const end = xliff.indexOf('</unit>', at);
  const unit = xliff.slice(at, end);
  const escaped = target.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const next = unit.includes('<target>')
    ? unit.replace(/<target>[\s\S]*<\/target>/, `<target>${escaped}</target>`)
    : unit.replace('</source>', `</source>\n        <target>${escaped}</target>`);
  return xliff.slice(0, at) + next + xliff.slice(end);
};

describe('the source snapshot', () => {
  it(`${SNAPSHOT} lists every translated key and nothing else (run \`npm run i18n -- snapshot\`)`, () => {
    const text = fs.readFileSync(path.join(REPO_ROOT, SNAPSHOT), 'utf8');
    expect(text, 'run `npm run i18n -- snapshot` and commit the file').toBe(
      formatSnapshot(completeSnapshot(REPO_ROOT, readSnapshot(REPO_ROOT))),
    );
  });

  it('a first run with no snapshot counts every translation as current and writes the snapshot', () => {
    fs.rmSync(path.join(root, SNAPSHOT));
    const { counts, snapshotCreated, xliff } = exportXliff({ root, lang: 'de', sets: SET_NAMES });
    expect(snapshotCreated).toBe(true);
    expect(counts).toEqual({ missing: 0, changed: 0, current: 0 });
    expect(unitIds(xliff)).toEqual([]);
    expect(fs.readFileSync(path.join(root, SNAPSHOT), 'utf8')).toBe(
      fs.readFileSync(path.join(REPO_ROOT, SNAPSHOT), 'utf8'),
    );
  });
});

describe('export and import', () => {
  it('round-trips every string of every set byte for byte', () => {
    const before = tree();
    for (const lang of ['de', 'fr', 'es']) {
      const { xliff, counts } = exportXliff({ root, lang, sets: SET_NAMES, allStrings: true });
      expect(counts.current).toBeGreaterThan(1000);
      expect(xliff).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="/,
      );
      const result = importXliff(root, xliff);
      expect(result.problems).toEqual([]);
      expect(result.files).toEqual([]);
    }
    expect(tree()).toEqual(before);
  });

  it('exports only missing and changed strings, with the previous English, and imports them', () => {
    const en = readJson(`${commonDir}/en.json`);
    const de = readJson(`${commonDir}/de.json`);
    const [missingKey, changedKey] = Object.keys(en).filter((k) => !en[k]?.includes('{'));
    if (!missingKey || !changedKey) throw new Error('common has no plain messages');
    const oldEnglish = en[changedKey] as string;
    delete de[missingKey];
    writeJson(`${commonDir}/de.json`, de);
    writeJson(`${commonDir}/en.json`, { ...en, [changedKey]: `${oldEnglish} (new)` });

    const { xliff, counts } = exportXliff({ root, lang: 'de', sets: ['console'] });
    expect(counts).toEqual({ missing: 1, changed: 1, current: 0 });
    expect(unitIds(xliff)).toEqual(
      [missingKey, changedKey].sort((a, b) => Object.keys(en).indexOf(a) - Object.keys(en).indexOf(b)),
    );
    expect(xliff).toContain(
      `<note category="previous-source">${oldEnglish.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</note>`,
    );
    expect(xliff).toContain(`<note category="context">${commonDir}/de.json, key ${missingKey}</note>`);
    expect(xliff).toContain('<file id="console.common" original="apps/web/src/messages/common/de.json"');
    expect(exportXliff({ root, lang: 'de', sets: ['users'] }).counts).toEqual({
      missing: 0,
      changed: 0,
      current: 0,
    });

    let filled = setTarget(xliff, missingKey, 'Neu übersetzt');
    filled = setTarget(filled, changedKey, 'Neu übersetzt (neu)');
    const result = importXliff(root, filled);
    expect(result.problems).toEqual([]);
    expect(result.written).toBe(2);
    const after = readJson(`${commonDir}/de.json`);
    expect(Object.keys(after)).toEqual(Object.keys(en));
    expect(after[missingKey]).toBe('Neu übersetzt');
    expect(after[changedKey]).toBe('Neu übersetzt (neu)');
    // Both now match today's English: nothing left to translate.
    expect(exportXliff({ root, lang: 'de', sets: ['console'] }).counts).toEqual({
      missing: 0,
      changed: 0,
      current: 0,
    });
  });

  describe('refuses a file with a bad unit, naming it, and writes nothing', () => {
    const fr = () => exportXliff({ root, lang: 'fr', sets: ['console'], allStrings: true }).xliff;
    const en = () => readJson(`${commonDir}/en.json`);
    const refused = (xliff: string, unit: string | undefined, message: RegExp) => {
      const before = tree();
      const result = importXliff(root, xliff);
      expect(result.ok).toBe(false);
      expect(result.problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ ...(unit ? { unit } : {}), message: expect.stringMatching(message) }),
        ]),
      );
      expect(tree()).toEqual(before);
    };
    const withArgument = () => Object.keys(en()).find((k) => /\{\w+\}/.test(en()[k] as string)) as string;
    const plain = () => Object.keys(en()).find((k) => !en()[k]?.includes('{')) as string;

    it('a target that is not valid ICU', () =>
      refused(setTarget(fr(), withArgument(), 'Bonjour {nom'), withArgument(), /not valid ICU/));
    it('a target with another argument', () => {
      const key = withArgument();
      refused(setTarget(fr(), key, 'Bonjour {quelquun}'), key, /arguments quelquun:argument differ/);
    });
    it('a unit id that is no key', () =>
      refused(
        fr().replace(`<unit id="${plain()}">`, '<unit id="common.nothing.here">'),
        'common.nothing.here',
        /no key/,
      ));
    it('French with an ordinary space before "?"', () =>
      refused(setTarget(fr(), plain(), 'Vraiment ?'), plain(), /ordinary space before "\?"/));
    it('the XLIFF 1.2 namespace', () =>
      refused(
        fr().replace('urn:oasis:names:tc:xliff:document:2.0', 'urn:oasis:names:tc:xliff:document:1.2'),
        undefined,
        /namespace/,
      ));
    it('version 1.2', () =>
      refused(fr().replace('version="2.0"', 'version="1.2"'), undefined, /version is "1.2"/));
    it('XML that is not well-formed', () =>
      refused(fr().replace('</file>', '</fil>'), undefined, /not well-formed/));
    it('a language a set does not have', () =>
      refused(fr().replace('trgLang="fr"', 'trgLang="pl"'), undefined, /"pl" is not a language/));
    it('a forbidden glossary term, informal address or missing plural form', () => {
      const key = plain();
      refused(setTarget(fr(), key, 'Tu es là.'), key, /informal "Tu"/);
    });
    it('and reports every problem at once', () => {
      const key = withArgument();
      const result = importXliff(root, setTarget(setTarget(fr(), key, '{x'), plain(), 'Oui ?'));
      expect(result.problems.map((p) => p.unit)).toEqual(expect.arrayContaining([key, plain()]));
    });
  });

  it('the command line: export to a file, import it, exit 1 on problems', () => {
    const out = path.join(root, 'de.xlf');
    expect(main(['export', '--lang', 'de', '--set', 'users', '--all-strings', '--out', out], root)).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toContain(
      '<file id="users" original="apps/server/src/platform/i18n/messages/users/de.json"',
    );
    expect(main(['import', out], root)).toBe(0);
    fs.writeFileSync(out, fs.readFileSync(out, 'utf8').replace('version="2.0"', 'version="2.1"'));
    expect(main(['import', out], root)).toBe(1);
  });
});
