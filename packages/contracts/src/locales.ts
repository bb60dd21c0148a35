// The languages a shopper reads: the pay and sticker pages (apps/web/src/pay) and the receipt page
// and email (the server's `shoppers` catalogues) offer the same ones, so a shopper who chose a
// language on the pay page gets the receipt in it too. Both sides take their codes from this one
// list, and both catalogue tests compare their files with it: a language added on one side only
// fails a test (docs/develop/adding-a-language.md).

export const SHOPPER_LOCALES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pt',
  'ja',
  'zh-Hans',
  'ko',
  'tr',
  'pl',
  'uk',
  'sv',
  'ar',
] as const;
export type ShopperLanguage = (typeof SHOPPER_LOCALES)[number];

/**
 * Each shopper language named in itself, as the pay page's menu and the receipt page's links
 * show it (the menu reads the same in any language). A code added to the list above without its
 * name here does not compile.
 */
export const SHOPPER_LANGUAGE_NAMES: Record<ShopperLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  ja: '日本語',
  'zh-Hans': '中文（简体）',
  ko: '한국어',
  tr: 'Türkçe',
  pl: 'Polski',
  uk: 'Українська',
  sv: 'Svenska',
  ar: 'العربية',
};

/** The right-to-left pseudo-locale: English mirrored and bracketed, as Chrome's `ar-XB` (beside `en-XA`). */
export const PSEUDO_RTL = 'ar-XB';

/** Languages written right to left (of those offered, and their pseudo-locale). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

/** `rtl` for Arabic (and `ar-XB`), `ltr` for the rest: what `<html dir>` says. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  const base = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  return RTL_LANGUAGES.has(base) ? 'rtl' : 'ltr';
}

/**
 * The one of `codes` a language tag asks for (any case, `_` or `-`, with or without a region):
 * `pt-BR` → `pt`, `zh`, `zh-CN`, `zh-SG` and `zh-Hans-CN` → `zh-Hans`. Traditional Chinese
 * (`zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO`) is not Simplified: no match, so the next wish decides.
 */
export function matchLanguage<Code extends string>(tag: string, codes: readonly Code[]): Code | undefined {
  const parts = tag.trim().replace(/_/g, '-').toLowerCase().split('-');
  const base = parts[0] ?? '';
  if (base === 'zh') {
    const traditional =
      parts.includes('hant') ||
      (!parts.includes('hans') && parts.some((p) => ['tw', 'hk', 'mo'].includes(p)));
    return traditional ? undefined : codes.find((c) => c.toLowerCase() === 'zh-hans');
  }
  return codes.find((c) => c.toLowerCase() === base);
}
