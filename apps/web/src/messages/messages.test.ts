import fs from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { catalogueFindings, type GlossaryTerm, parseGlossary } from '@scanline/contracts/catalogue-rules';
import { pseudoMessage } from '@scanline/contracts/pseudo-locale';
import { describe, expect, it } from 'vitest';
import { CONSOLE_LANGUAGES, chooseConsoleLocale } from '../lib/i18n/console-intl';
import { argumentsOf, literalText } from '../lib/i18n/icu-arguments';

// The console's catalogues, one folder per area (src/messages/<area>/xx.json).
// Every area has every language; every key starts with its area; every language has exactly
// English's keys; each message parses as ICU and takes exactly English's arguments; no long
// message is left in English; keys.ts names every area (so `t()` is type-checked against it).

const dir = path.dirname(new URL(import.meta.url).pathname);
const areas = fs
  .readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const codes = CONSOLE_LANGUAGES.map((l) => l.code);
/** docs/i18n/glossary.<code>.md: the terms to use and the ones never to (docs/i18n/rules.md). */
const glossary = (code: string): GlossaryTerm[] =>
  parseGlossary(fs.readFileSync(path.join(dir, '../../../../docs/i18n', `glossary.${code}.md`), 'utf8'));
const read = (area: string, code: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, area, `${code}.json`), 'utf8')) as Record<string, string>;

/**
 * Messages that read the same in a language as in English (names, codes, loanwords), allowed by
 * key. Anything else that is identical and longer than a word is English left untranslated.
 */
const SAME_AS_ENGLISH = new Set<string>([
  'terminal.brand',
  'scans.seconds',
  'scans.minutes',
  'developers.terminal',
  'developers.ms',
  'developers.in',
]);

describe('console message catalogues', () => {
  it('has areas, and keys.ts lists every one of them', () => {
    expect(areas).toEqual(expect.arrayContaining(['auth', 'common', 'nav', 'terminal', 'account']));
    const keys = fs.readFileSync(path.join(dir, 'keys.ts'), 'utf8');
    const listed = [...keys.matchAll(/from '\.\/([a-z-]+)\/en\.json'/g)].map((m) => m[1]).sort();
    expect(listed, 'add a line for each area to src/messages/keys.ts').toEqual(areas);
  });

  for (const area of areas) {
    describe(area, () => {
      const english = read(area, 'en');

      it('has one catalogue per language and no other file', () => {
        const files = fs
          .readdirSync(path.join(dir, area))
          .map((f) => f.replace(/\.json$/, ''))
          .sort();
        expect(files).toEqual([...codes].sort());
      });

      it(`every key starts with "${area}." and parses as ICU`, () => {
        const wrong = Object.entries(english).flatMap(([key, message]) => {
          const problems: string[] = [];
          if (!key.startsWith(`${area}.`)) problems.push(`${key}: not prefixed`);
          try {
            parse(message);
          } catch (e) {
            problems.push(`${key}: ${(e as Error).message}`);
          }
          return problems;
        });
        expect(wrong).toEqual([]);
      });

      for (const code of codes.filter((c) => c !== 'en')) {
        it(`${code}: every English key, no extra keys, the same ICU arguments, translated`, () => {
          const catalogue = read(area, code);
          const missing = Object.keys(english).filter((key) => !(key in catalogue));
          const extra = Object.keys(catalogue).filter((key) => !(key in english));
          expect(
            missing,
            `${area}/${code}.json lacks these keys (copy them from en.json and translate)`,
          ).toEqual([]);
          expect(extra, `${area}/${code}.json has keys en.json does not`).toEqual([]);
          const wrong: string[] = [];
          for (const [key, message] of Object.entries(catalogue)) {
            if (!message.trim()) wrong.push(`${key}: empty`);
            let ast: MessageFormatElement[];
            try {
              ast = parse(message);
            } catch (e) {
              wrong.push(`${key}: not valid ICU (${(e as Error).message})`);
              continue;
            }
            const source = english[key] as string;
            const want = argumentsOf(parse(source));
            const got = argumentsOf(ast);
            if (want.join() !== got.join())
              wrong.push(`${key}: arguments ${got.join(' ')} ≠ English ${want.join(' ')}`);
            if (message === source && literalText(ast).trim().includes(' ') && !SAME_AS_ENGLISH.has(key))
              wrong.push(`${key}: still English`);
          }
          expect(wrong).toEqual([]);
        });
      }

      for (const code of codes) {
        it(`${code}: CLDR plurals, glossary, register and typography (docs/i18n/rules.md)`, () => {
          const terms = glossary(code);
          const audience = area === 'terminal' ? 'cashiers' : 'users';
          const findings = Object.entries(read(area, code)).flatMap(([key, message]) =>
            catalogueFindings({ language: code, audience, elements: parse(message), glossary: terms }).map(
              (f) => `${key}: ${f}`,
            ),
          );
          expect(findings).toEqual([]);
        });
      }

      it('en-XA: every message bracketed and accented, with the same arguments', () => {
        for (const [key, message] of Object.entries(english)) {
          const ast = parse(message);
          const pseudo = pseudoMessage(ast);
          expect(literalText(pseudo), key).toMatch(/^\[[^a-zA-Z]*\]$/);
          expect(argumentsOf(pseudo), key).toEqual(argumentsOf(ast));
        }
      });
    });
  }

  it('chooses the account language first, then ?lang=, then the browser languages, then English', () => {
    expect(chooseConsoleLocale('?lang=de', ['fr-FR'], 'es')).toBe('es');
    expect(chooseConsoleLocale('?lang=de', ['fr-FR'], null)).toBe('de');
    expect(chooseConsoleLocale('?lang=en-xa', ['fr-FR'], null)).toBe('en-XA');
    expect(chooseConsoleLocale('', ['sv-SE', 'es-MX', 'en'], null)).toBe('es');
    expect(chooseConsoleLocale('?lang=it', ['ja'], null)).toBe('en');
  });
});
