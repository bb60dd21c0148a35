import { readdirSync, readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { catalogueFindings, forbiddenTerms, parseGlossary } from './catalogue-rules';
import { matchLanguage, SHOPPER_LOCALES, textDirection } from './locales';

const glossary = parseGlossary(`
| English | Use | Never | Why |
| --- | --- | --- | --- |
| sticker | Aufkleber | Sticker | one word |
| net | Saldo | Netto | before VAT |
`);
const check = (language: string, message: string, audience: 'users' | 'cashiers' | 'shoppers' = 'users') =>
  catalogueFindings({ language, audience, elements: parse(message), glossary });

describe('catalogue rules (docs/i18n/rules.md)', () => {
  it('reads the glossary table', () => {
    expect(glossary).toEqual([
      { term: 'sticker', use: 'Aufkleber', never: ['Sticker'] },
      { term: 'net', use: 'Saldo', never: ['Netto'] },
    ]);
  });

  it('wants every plural category CLDR names, English included', () => {
    expect(check('en', '{n, plural, other {# payments}}')).toEqual(['plural lacks n: one']);
    expect(check('en', '{n, plural, one {# payment} other {# payments}}')).toEqual([]);
    expect(check('fr', '{n, plural, one {# paiement} other {# paiements}}')).toEqual([
      'plural lacks n: many',
    ]);
    expect(check('en', '{a, plural, one {#} other {#}} {b, plural, =0 {} other {#}}')).toEqual([
      'plural lacks b: one',
    ]);
  });

  it('wants a no-break space before : ; ? ! in French', () => {
    expect(check('fr', 'Supprimer {name} ?')).toEqual(['ordinary space before "?"']);
    expect(check('fr', 'Supprimer {name}\u202F?')).toEqual([]);
    expect(check('fr', 'Montant\u00A0: {amount}')).toEqual([]);
    expect(check('fr', 'Vraiment?')).toEqual(['no space before "?"']);
    expect(check('fr', 'https://example.com à 10:00')).toEqual([]);
  });

  it('fails on a forbidden term, as a whole word in any case', () => {
    expect(check('de', 'Sticker drucken')).toEqual(['"Sticker" (use "Aufkleber")']);
    expect(check('de', 'NETTO {amount}')).toEqual(['"Netto" (use "Saldo")']);
    expect(check('de', 'Nettobetrag {amount}')).toEqual([]);
  });

  it('fails on the wrong register for the audience', () => {
    expect(check('de', 'Prüfe deine Verbindung')).toEqual(['informal "deine"', 'informal "Prüfe"']);
    expect(check('de', 'Verbinde …', 'cashiers')).toEqual(['informal "Verbinde"']);
    expect(check('de', 'Verbindung wird hergestellt …', 'cashiers')).toEqual([]);
    expect(check('es', 'Restablece tu contraseña')).toEqual(['informal "tu"', 'informal "Restablece"']);
    expect(check('es', 'Restablezca su contraseña')).toEqual([]);
    expect(check('fr', 'Tu as payé')).toEqual(['informal "Tu"']);
    // Spanish shoppers are spoken to with tú (docs/i18n/rules.md#register).
    expect(check('es', 'Gracias por tu pago', 'shoppers')).toEqual([]);
    expect(check('es', 'Gracias a usted', 'shoppers')).toEqual(['formal "usted"']);
    // Polish shoppers are "ty", never Pan/Pani; Chinese 您, Turkish siz, Ukrainian ви, Swedish du.
    expect(check('pl', 'Twoja karta została odrzucona', 'shoppers')).toEqual([]);
    expect(check('pl', 'Czy Pan chce zapłacić?', 'shoppers')).toEqual(['formal "Pan"']);
    expect(check('zh-Hans', '你的银行卡被拒绝', 'shoppers')).toEqual(['informal "你"']);
    expect(check('zh-Hans', '您的银行卡被拒绝', 'shoppers')).toEqual([]);
    expect(check('tr', 'Senin kartın reddedildi', 'shoppers')).toEqual(['informal "Senin"']);
    expect(check('uk', 'Твоя картка', 'shoppers')).toEqual(['informal "Твоя"']);
    expect(check('sv', 'Vill ni betala?', 'shoppers')).toEqual(['informal "ni"']);
    expect(check('ja', 'あなたのカード', 'shoppers')).toEqual(['informal "あなた"']);
  });

  it('finds a forbidden term inside Japanese, Chinese and Korean text, which has no word breaks', () => {
    const cjk = parseGlossary(
      '| English | Use | Never | Why |\n| --- | --- | --- | --- |\n| receipt | レシート | 領収書 | |',
    );
    expect(forbiddenTerms('領収書を表示', cjk)).toEqual(['"領収書" (use "レシート")']);
    expect(forbiddenTerms('レシートを表示', cjk)).toEqual([]);
  });

  it('parses every glossary page: a table with at least one term, each with a translation', () => {
    const dir = new URL('../../../docs/i18n/', import.meta.url);
    const pages = readdirSync(dir).filter((f) => /^glossary\.[\w-]+\.md$/.test(f));
    for (const code of SHOPPER_LOCALES) expect(pages, code).toContain(`glossary.${code}.md`);
    for (const page of pages) {
      const terms = parseGlossary(readFileSync(new URL(page, dir), 'utf8'));
      expect(terms.length, page).toBeGreaterThan(0);
      for (const t of terms) expect(t.use, `${page}: ${t.term}`).not.toBe('');
    }
  });
});

describe('shopper languages', () => {
  it('matches a browser tag to the one list: region dropped, Simplified Chinese by script or region', () => {
    expect(matchLanguage('pt-BR', SHOPPER_LOCALES)).toBe('pt');
    expect(matchLanguage('JA-jp', SHOPPER_LOCALES)).toBe('ja');
    for (const tag of ['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh_Hans_CN'])
      expect(matchLanguage(tag, SHOPPER_LOCALES), tag).toBe('zh-Hans');
    for (const tag of ['zh-TW', 'zh-HK', 'zh-Hant', 'zh-Hant-CN'])
      expect(matchLanguage(tag, SHOPPER_LOCALES), tag).toBeUndefined();
    expect(matchLanguage('he', SHOPPER_LOCALES)).toBeUndefined();
  });

  it('writes Arabic and its pseudo-locale right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('ar-XB')).toBe('rtl');
    expect(textDirection('ar-EG')).toBe('rtl');
    for (const code of SHOPPER_LOCALES.filter((c) => c !== 'ar'))
      expect(textDirection(code), code).toBe('ltr');
  });
});
