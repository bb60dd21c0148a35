import fs from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { catalogueFindings, parseGlossary } from '@scanline/contracts/catalogue-rules';
import { SHOPPER_LOCALES } from '@scanline/contracts/locales';
import { pseudoMessage } from '@scanline/contracts/pseudo-locale';
import { describe, expect, it } from 'vitest';
import { argumentsOf, literalText } from '../../lib/i18n/icu-arguments';
import { chooseLocale, LANGUAGES } from '../i18n';
import { mirroredMessage } from '../pseudo';

// Every shopper catalogue has every English key, each message parses as ICU and
// takes exactly the English message's arguments (same names, same kinds). A new language
// (./xx.json) is checked as soon as it is in LANGUAGES.

const dir = path.dirname(new URL(import.meta.url).pathname);
const read = (code: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')) as Record<string, string>;
const english = read('en');

describe('shopper message catalogues', () => {
  it('has a catalogue file for every language in the menu, and no file outside it', () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  it('offers exactly the shared shopper languages, and the receipt has a catalogue for each', () => {
    // One list (packages/contracts/src/locales.ts) for the pay page and the server's receipt: a
    // language with a pay catalogue but no receipt one, or the reverse, fails here.
    expect(LANGUAGES.map((l) => l.code)).toEqual([...SHOPPER_LOCALES]);
    const receipts = fs
      .readdirSync(path.join(dir, '../../../../server/src/platform/i18n/messages/shoppers'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(receipts).toEqual([...SHOPPER_LOCALES].sort());
    for (const { code, name } of LANGUAGES) expect(name, code).not.toBe('');
  });

  for (const { code } of LANGUAGES.filter((l) => l.code !== 'en')) {
    it(`${code}: every English key, no extra keys, the same ICU arguments`, () => {
      const catalogue = read(code);
      const missing = Object.keys(english).filter((key) => !(key in catalogue));
      const extra = Object.keys(catalogue).filter((key) => !(key in english));
      expect(missing, `${code}.json lacks these keys (copy them from en.json and translate)`).toEqual([]);
      expect(extra, `${code}.json has keys en.json does not`).toEqual([]);
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
        const want = argumentsOf(parse(english[key] as string));
        const got = argumentsOf(ast);
        if (want.join() !== got.join())
          wrong.push(`${key}: arguments ${got.join(' ')} ≠ English ${want.join(' ')}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  for (const { code } of LANGUAGES) {
    it(`${code}: CLDR plurals, glossary, register and typography (docs/i18n/rules.md)`, () => {
      const glossary = parseGlossary(
        fs.readFileSync(path.join(dir, '../../../../../docs/i18n', `glossary.${code}.md`), 'utf8'),
      );
      const findings = Object.entries(read(code)).flatMap(([key, message]) =>
        catalogueFindings({ language: code, audience: 'shoppers', elements: parse(message), glossary }).map(
          (f) => `${key}: ${f}`,
        ),
      );
      expect(findings).toEqual([]);
    });
  }

  it('the check itself catches a renamed argument and a missing one', () => {
    expect(argumentsOf(parse('You paid {amount}.'))).toEqual(['amount:argument']);
    expect(argumentsOf(parse('Sie haben {betrag} bezahlt.'))).not.toEqual(['amount:argument']);
    expect(argumentsOf(parse('{n, plural, one {# item} other {# items}}'))).toEqual(['n:plural']);
    expect(argumentsOf(parse('{p, number, percent}'))).toEqual(['p:number/percent']);
  });

  it('en-XA: every message bracketed, every letter accented, ~35 % longer, the same arguments', () => {
    for (const [key, message] of Object.entries(english)) {
      const ast = parse(message);
      const pseudo = pseudoMessage(ast);
      const text = literalText(pseudo);
      expect(text.startsWith('['), key).toBe(true);
      expect(text.endsWith(']'), key).toBe(true);
      expect(text, key).not.toMatch(/[a-zA-Z]/);
      expect(text.length, key).toBeGreaterThanOrEqual(Math.floor(literalText(ast).length * 1.3));
      expect(argumentsOf(pseudo), key).toEqual(argumentsOf(ast));
    }
  });

  it('ar-XB: every message mirrored (right-to-left override) and bracketed, the same arguments', () => {
    for (const [key, message] of Object.entries(english)) {
      const ast = parse(message);
      const mirrored = mirroredMessage(ast);
      const text = literalText(mirrored);
      expect(text.startsWith('\u200F['), key).toBe(true);
      expect(text.endsWith(']\u200F'), key).toBe(true);
      // Every run of English letters sits inside an override.
      expect(text.replace(/\u202E[^\u202C]*\u202C/g, ''), key).not.toMatch(/[a-zA-Z]/);
      expect(argumentsOf(mirrored), key).toEqual(argumentsOf(ast));
    }
  });

  it('chooses ?lang= first, then the browser languages, then English', () => {
    expect(chooseLocale('?lang=de', ['fr-FR'])).toBe('de');
    expect(chooseLocale('?lang=en-xa', ['fr-FR'])).toBe('en-XA');
    expect(chooseLocale('', ['he-IL', 'pt-BR', 'en'])).toBe('pt');
    expect(chooseLocale('', ['sv-SE', 'pt-BR'])).toBe('sv');
    expect(chooseLocale('?lang=klingon', ['nl-BE'])).toBe('nl');
    expect(chooseLocale('', ['ja'])).toBe('ja');
    expect(chooseLocale('', ['he', 'ar-EG'])).toBe('ar');
    expect(chooseLocale('', ['zh-CN'])).toBe('zh-Hans');
    expect(chooseLocale('', ['zh-TW', 'ko-KR'])).toBe('ko');
    expect(chooseLocale('?lang=AR-xb', ['fr'])).toBe('ar-XB');
    expect(chooseLocale('', ['he'])).toBe('en');
  });
});
