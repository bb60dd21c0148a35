import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formattingLocale } from '@scanline/contracts/format';
import {
  matchLanguage,
  PSEUDO_RTL,
  SHOPPER_LANGUAGE_NAMES,
  SHOPPER_LOCALES,
  type ShopperLanguage,
  textDirection,
} from '@scanline/contracts/locales';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { PSEUDO } from '../lib/i18n/choose-locale';
import { MessagesProvider, useMessages } from '../lib/i18n/messages-provider';
import { formatMoney } from '../lib/money';
import type english from './messages/en.json';

// The shopper pages speak the shopper's language. One ICU catalogue per language
// in ./messages, each loaded on its own when chosen (the pay entry carries none of the others);
// `en-XA` and `ar-XB` are made from the English one at runtime (contracts' pseudo-locale.ts, ./pseudo.ts). The build parses the
// catalogues (scripts/precompile-messages.ts), so the browser carries no ICU parser.

export type MessageId = keyof typeof english;
/** A catalogue as the build hands it over: each message already parsed (scripts/precompile-messages.ts). */
export type Messages = Record<MessageId, MessageFormatElement[]>;

/** The languages a shopper can pick, in the shared list's order, each named in itself. */
export const LANGUAGES: readonly { code: ShopperLanguage; name: string }[] = SHOPPER_LOCALES.map((code) => ({
  code,
  name: SHOPPER_LANGUAGE_NAMES[code],
}));
export { PSEUDO, PSEUDO_RTL };
export type Locale = ShopperLanguage | typeof PSEUDO | typeof PSEUDO_RTL;

const catalogues = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });

/**
 * `?lang=` wins (any case, with or without a region: `pt-BR` → `pt`, `zh-CN` → `zh-Hans`), then the
 * browser's list, then English. The pseudo-locales only by name.
 */
export function chooseLocale(search: string, preferred: readonly string[]): Locale {
  const forced = new URLSearchParams(search).get('lang');
  for (const tag of [forced, ...preferred]) {
    if (!tag) continue;
    const lower = tag.toLowerCase();
    if (lower === PSEUDO.toLowerCase()) return PSEUDO;
    if (lower === PSEUDO_RTL.toLowerCase()) return PSEUDO_RTL;
    const found = matchLanguage(tag, SHOPPER_LOCALES);
    if (found) return found;
  }
  return 'en';
}

const isPseudo = (locale: Locale) => locale === PSEUDO || locale === PSEUDO_RTL;

export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = catalogues[`./messages/${isPseudo(locale) ? 'en' : locale}.json`];
  if (!load) throw new Error(`no catalogue for ${locale}`);
  const messages = await load();
  if (locale === PSEUDO_RTL) {
    const { mirroredCatalogue } = await import('./pseudo');
    return mirroredCatalogue(messages) as Messages;
  }
  if (locale !== PSEUDO) return messages;
  const { pseudoCatalogue } = await import('@scanline/contracts/pseudo-locale');
  return pseudoCatalogue(messages) as Messages;
}

const LocaleContext = createContext<{ locale: Locale; setLocale: (l: Locale) => void }>({
  locale: 'en',
  setLocale: () => {},
});

/** Loads the chosen catalogue, keeps `<html lang dir>` saying which, and renders the page in it. */
export function PayIntl({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(() =>
    chooseLocale(window.location.search, navigator.languages ?? [navigator.language]),
  );
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | null>(null);
  useEffect(() => {
    let alive = true;
    loadMessages(locale).then((messages) => {
      if (!alive) return;
      setLoaded({ locale, messages });
      document.documentElement.lang = locale;
      // Arabic (and `ar-XB`) lays the page out right to left; pay.css speaks in logical sides.
      document.documentElement.dir = textDirection(locale);
    });
    return () => {
      alive = false;
    };
  }, [locale]);
  // The menu's choice goes into the address, so a reload (or the link shared) keeps it.
  const setLocale = useCallback((next: Locale) => {
    const url = new URL(window.location.href);
    url.searchParams.set('lang', next);
    window.history.replaceState(null, '', url);
    setLocaleState(next);
  }, []);
  if (!loaded) return null;
  return (
    <LocaleContext.Provider value={{ locale: loaded.locale, setLocale }}>
      <MessagesProvider
        locale={formattingLocale(loaded.locale, readerLanguages())}
        messages={loaded.messages}
      >
        {children}
      </MessagesProvider>
    </LocaleContext.Provider>
  );
}

/** The page's words: `t(id, values)` from the catalogue, `money` through `Intl` in the same language. */
export function useT() {
  const intl = useMessages();
  const { locale } = useContext(LocaleContext);
  const rtl = textDirection(locale) === 'rtl';
  return {
    // In right-to-left text each value (an amount, an e-mail address, a name) is a first-strong
    // isolate (U+2068 … U+2069): "€12.50" or "a@b.example" keeps its own order inside Arabic.
    t: (id: MessageId, values?: Record<string, string | number>) =>
      intl.format(id, rtl && values ? isolate(values) : values) as string,
    has: (id: string): id is MessageId => id in intl.messages,
    money: (minor: number, currency: string) => formatMoney(minor, currency, intl.locale),
    /** The catalogue's language (`pt`, `en-XA`): the receipt's and Stripe's. */
    locale,
    /** The locale numbers are written and read in: the reader's region kept (`de-AT`, `pt-PT`). */
    intlLocale: intl.locale,
  };
}

const isolate = (values: Record<string, string | number>) =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? `\u2068${v}\u2069` : v]),
  );

/** The reader's own language tags, region included, for `formattingLocale`. */
const readerLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/** A native menu of the languages, labelled; a pseudo-locale is listed while it is in use. */
export function LanguageMenu() {
  const { locale, setLocale } = useContext(LocaleContext);
  const { t } = useT();
  return (
    <div className="pay-language">
      <label htmlFor="pay-language">{t('language.label')}</label>
      <select id="pay-language" value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code} dir={textDirection(l.code)}>
            {l.name}
          </option>
        ))}
        {isPseudo(locale) && <option value={locale}>{locale}</option>}
      </select>
    </div>
  );
}
