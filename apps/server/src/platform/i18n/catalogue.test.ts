import { readdirSync, readFileSync } from 'node:fs';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { catalogueFindings, parseGlossary } from '@scanline/contracts/catalogue-rules';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_LOCALES, type CatalogueName, loadCatalogue, translator } from './catalogue';
import { parseAcceptLanguage, pickLocale } from './pick-locale';

/** A message's arguments, `name:type`, with the plural and select keys they branch on. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      argumentsOf(el.children, into);
      continue;
    }
    into.add(`${el.value}:${TYPE[el.type]}`);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      // Languages have other plural categories than English (one/other vs one/few/many): only
      // `other` is required; select keys are the code's values, so they must be the same.
      if (el.type === TYPE.select) into.add(`${el.value}:{${Object.keys(el.options).sort().join('|')}}`);
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

const sorted = (s: Set<string>) => [...s].sort();

describe('server catalogues', () => {
  for (const [name, locales] of Object.entries(CATALOGUE_LOCALES) as [CatalogueName, readonly string[]][]) {
    const english = loadCatalogue(name, 'en');

    it(`${name}: one file per language, no other`, () => {
      const files = readdirSync(new URL(`./messages/${name}/`, import.meta.url)).sort();
      expect(files).toEqual(locales.map((l) => `${l}.json`).sort());
    });

    for (const locale of locales) {
      it(`${name}/${locale}: CLDR plurals, glossary, register and typography (docs/i18n/rules.md)`, () => {
        const glossary = parseGlossary(
          readFileSync(new URL(`../../../../../docs/i18n/glossary.${locale}.md`, import.meta.url), 'utf8'),
        );
        const audience = name === 'users' ? 'users' : 'shoppers';
        const findings = Object.entries(loadCatalogue(name, locale)).flatMap(([key, message]) =>
          catalogueFindings({ language: locale, audience, elements: parse(message), glossary }).map(
            (f) => `${key}: ${f}`,
          ),
        );
        expect(findings).toEqual([]);
      });

      it(`${name}/${locale}: every English key, no other, each with English's ICU arguments`, () => {
        const catalogue = loadCatalogue(name, locale);
        expect(Object.keys(catalogue).sort(), 'keys').toEqual(Object.keys(english).sort());
        for (const [key, source] of Object.entries(english)) {
          const message = catalogue[key]!;
          expect(message.trim(), `${locale}:${key} is empty`).not.toBe('');
          let parsed: MessageFormatElement[];
          try {
            parsed = parse(message);
          } catch (error) {
            throw new Error(`${name}/${locale}:${key} is not valid ICU: ${(error as Error).message}`);
          }
          expect(sorted(argumentsOf(parsed)), `${name}/${locale}:${key}`).toEqual(
            sorted(argumentsOf(parse(source))),
          );
          for (const el of parsed) {
            if (el.type === TYPE.plural)
              expect(Object.keys(el.options), `${locale}:${key}`).toContain('other');
          }
        }
      });
    }
  }

  it('formats in the language: plurals, money and dates through Intl', () => {
    const de = translator('users', 'de');
    expect(de.t('recoveryCodeUsed.intro', { email: 'a@b.example', remaining: 1 })).toContain(
      'Sie haben noch 1 Wiederherstellungscode.',
    );
    // Intl puts a no-break space between amount and symbol.
    const spaced = (s: string) => s.replace(/\s/g, ' ');
    expect(spaced(de.money(1250, 'EUR'))).toBe('12,50 €');
    expect(spaced(translator('shoppers', 'fr').money(1250, 'EUR'))).toBe('12,50 €');
    expect(translator('shoppers', 'en').money(1250, 'EUR')).toBe('€12.50');
    expect(spaced(de.dateTime(new Date('2026-11-25T09:00:00Z'), 'Europe/Berlin'))).toMatch(
      /^25\.11\.26 10:00 MEZ$/,
    );
  });

  it('the pseudo-locale accents and brackets English, leaving arguments alone', () => {
    const xa = translator('shoppers', 'en-XA');
    expect(xa.locale).toBe('en-XA');
    const text = xa.t('receiptEmail.subject', { business: 'Corner Bakery' });
    expect(text).toMatch(/^\[Ýóúŕ ŕéçéíƥţ ƒŕóɱ Corner Bakery .+\]$/);
  });

  it('a language a catalogue does not have is English', () => {
    expect(translator('users', 'it').locale).toBe('en');
    expect(translator('users', 'it').t('common.orOpenLink')).toBe('Or open this link:');
  });
});

describe('pickLocale', () => {
  it('reads Accept-Language by weight and matches the language of a regional tag', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(parseAcceptLanguage('en;q=0.2, pt-BR')).toEqual(['pt-BR', 'en']);
    expect(pickLocale(['en', 'de', 'fr', 'es'], parseAcceptLanguage('pt-BR, es;q=0.5'))).toBe('es');
    expect(pickLocale(['en', 'de'], parseAcceptLanguage('ja'))).toBe('en');
    expect(pickLocale(['en', 'de'], undefined, null, [])).toBe('en');
  });

  it('takes the first wish that matches: ?lang= before the header', () => {
    expect(pickLocale(['en', 'de', 'nl'], 'nl', ['de'])).toBe('nl');
    expect(pickLocale(['en', 'de', 'nl'], 'xx', ['de'])).toBe('de');
  });

  it('chooses the pseudo-locale only by its name', () => {
    expect(pickLocale(['en', 'de', 'en-XA'], 'en-xa')).toBe('en-XA');
    expect(pickLocale(['en', 'de'], 'en-XA')).toBe('en');
  });
});
