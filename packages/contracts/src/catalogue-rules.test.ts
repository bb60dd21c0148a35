import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { catalogueFindings, parseGlossary } from './catalogue-rules';

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
  });
});
