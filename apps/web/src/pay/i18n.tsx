import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formattingLocale } from '@scanline/contracts/format';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { firstSupported, PSEUDO } from '../lib/i18n/choose-locale';
import { MessagesProvider, useMessages } from '../lib/i18n/messages-provider';
import { formatMoney } from '../lib/money';
import type english from './messages/en.json';

// The shopper pages speak the shopper's language. One ICU catalogue per language
// in ./messages, each loaded on its own when chosen (the pay entry carries none of the others);
// `en-XA` is made from the English one at runtime (lib/i18n/pseudo.ts). The build parses the
// catalogues (scripts/precompile-messages.ts), so the browser carries no ICU parser.

export type MessageId = keyof typeof english;
/** A catalogue as the build hands it over: each message already parsed (scripts/precompile-messages.ts). */
export type Messages = Record<MessageId, MessageFormatElement[]>;

/** The languages a shopper can pick, each named in itself (the menu reads the same in any language). */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
  { code: 'it', name: 'Italiano' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'pt', name: 'Português' },
] as const;
export { PSEUDO };
export type Locale = (typeof LANGUAGES)[number]['code'] | typeof PSEUDO;

const catalogues = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });

/** `?lang=` wins (any case, with or without a region: `pt-BR` → `pt`), then the browser's list, then English. */
export function chooseLocale(search: string, preferred: readonly string[]): Locale {
  const forced = new URLSearchParams(search).get('lang');
  return firstSupported(
    [forced, ...preferred],
    LANGUAGES.map((l) => l.code),
    'en',
  );
}

export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = catalogues[`./messages/${locale === PSEUDO ? 'en' : locale}.json`];
  if (!load) throw new Error(`no catalogue for ${locale}`);
  const messages = await load();
  if (locale !== PSEUDO) return messages;
  const { pseudoCatalogue } = await import('@scanline/contracts/pseudo-locale');
  return pseudoCatalogue(messages) as Messages;
}

const LocaleContext = createContext<{ locale: Locale; setLocale: (l: Locale) => void }>({
  locale: 'en',
  setLocale: () => {},
});

/** Loads the chosen catalogue, keeps `<html lang>` saying which, and renders the page in it. */
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
  return {
    t: (id: MessageId, values?: Record<string, string | number>) => intl.format(id, values) as string,
    has: (id: string): id is MessageId => id in intl.messages,
    money: (minor: number, currency: string) => formatMoney(minor, currency, intl.locale),
    /** The catalogue's language (`pt`, `en-XA`): the receipt's and Stripe's. */
    locale,
    /** The locale numbers are written and read in: the reader's region kept (`de-AT`, `pt-PT`). */
    intlLocale: intl.locale,
  };
}

/** The reader's own language tags, region included, for `formattingLocale`. */
const readerLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/** A native menu of the languages, labelled; `en-XA` is listed while it is in use. */
export function LanguageMenu() {
  const { locale, setLocale } = useContext(LocaleContext);
  const { t } = useT();
  return (
    <div className="pay-language">
      <label htmlFor="pay-language">{t('language.label')}</label>
      <select id="pay-language" value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
        {locale === PSEUDO && <option value={PSEUDO}>{PSEUDO}</option>}
      </select>
    </div>
  );
}
