import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { PrimitiveType } from 'intl-messageformat';
import { CATALOGUE_LOCALES, type CatalogueName, loadCatalogue, translator } from '../i18n/catalogue';
import { renderLocalizedEmail } from './localized-email';
import type { RenderedEmail } from './render-email';

export interface EmailPreview extends RenderedEmail {
  audience: CatalogueName;
  locale: string;
  key: string;
}

/** Sample arguments for every placeholder a message uses, by the kind of placeholder. */
function sampleValues(elements: MessageFormatElement[], into: Record<string, PrimitiveType>) {
  for (const e of elements) {
    if (e.type === TYPE.argument) into[e.value] ??= 'Lena Schmidt';
    else if (e.type === TYPE.number || e.type === TYPE.plural) into[e.value] = 2;
    else if (e.type === TYPE.date || e.type === TYPE.time) into[e.value] = new Date('2026-11-28T10:00:00Z');
    else if (e.type === TYPE.select) into[e.value] ??= 'other';
    if (e.type === TYPE.plural || e.type === TYPE.select)
      for (const option of Object.values(e.options)) sampleValues(option.value, into);
  }
}

/**
 * Every email of every catalogue in every language, with sample arguments: what `scanline mail
 * preview` writes, and how a test shows a build carries every catalogue
 * (docs/develop/testing.md#the-bundle). An email is a catalogue key with a `.subject`.
 */
export function previewEmails(filter: { audience?: CatalogueName; locale?: string } = {}): EmailPreview[] {
  const out: EmailPreview[] = [];
  for (const audience of Object.keys(CATALOGUE_LOCALES) as CatalogueName[]) {
    if (filter.audience && filter.audience !== audience) continue;
    const english = loadCatalogue(audience, 'en');
    const keys = Object.keys(english)
      .filter((k) => k.endsWith('.subject'))
      .map((k) => k.slice(0, -'.subject'.length));
    for (const locale of CATALOGUE_LOCALES[audience]) {
      if (filter.locale && filter.locale !== locale) continue;
      const t = translator(audience, locale);
      for (const key of keys) {
        const values: Record<string, PrimitiveType> = {};
        for (const part of Object.keys(english).filter((k) => k.startsWith(`${key}.`)))
          sampleValues(parse(english[part] ?? ''), values);
        const mail = renderLocalizedEmail(t, key, values, { actionUrl: 'https://scanline.example/action' });
        out.push({ audience, locale, key, ...mail });
      }
    }
  }
  return out;
}
