import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formattingLocale } from '@scanline/contracts/format';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { MessageId } from '../../messages/keys';
import { formatMoney } from '../money';
import { firstSupported, intlLocaleOf, PSEUDO } from './choose-locale';
import { setCurrentIntlLocale, setTranslator } from './current-locale';
import { createMessages, MessagesProvider, useMessages } from './messages-provider';

// The console, the sign-in screens and the web terminal speak English, German,
// French or Spanish. The catalogues are split by area (src/messages/<area>/xx.json); the build
// merges and parses them (scripts/precompile-messages.ts), and only the chosen language's is
// fetched. `en-XA` is made from the English one at runtime (./pseudo.ts).

export type { MessageId };
export type Messages = Record<string, MessageFormatElement[]>;

/** The console's languages, each named in itself (the menu reads the same in any language). */
export const CONSOLE_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number]['code'];
export type ConsoleLocale = ConsoleLanguage | typeof PSEUDO;
export { PSEUDO };
export const isConsoleLocale = (v: unknown): v is ConsoleLocale =>
  v === PSEUDO || CONSOLE_LANGUAGES.some((l) => l.code === v);

/** The reader's own language tags, region included: a German reader in Vienna formats as de-AT. */
const readerLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/** Remembers the account's language on this browser, so a reload paints in it before GET /me answers. */
const STORED = 'scanline.locale';
const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);
/** `?lang=` holds for the tab: links inside the console do not carry it. */
const FORCED = 'scanline.lang';
const tabStorage = () => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

/** `?lang=` of the address, remembered for the tab once seen. */
function forcedLanguage(search: string): string | null {
  const forced = new URLSearchParams(search).get('lang');
  if (forced) tabStorage()?.setItem(FORCED, forced);
  return forced ?? tabStorage()?.getItem(FORCED) ?? null;
}

/**
 * The account's language (GET /api/v1/me `locale`, remembered from the last answer), then
 * `?lang=` (this tab's), then the browser's languages, then English.
 */
export function chooseConsoleLocale(
  search = typeof window === 'undefined' ? '' : window.location.search,
  preferred: readonly string[] = navigator.languages ?? [navigator.language],
  account: string | null | undefined = storage()?.getItem(STORED),
): ConsoleLocale {
  return firstSupported(
    [account, forcedLanguage(search), ...preferred],
    CONSOLE_LANGUAGES.map((l) => l.code),
    'en',
  );
}

export type LoadCatalogue = (language: ConsoleLanguage) => Promise<Messages>;

const loading = new Map<LoadCatalogue, Map<string, Promise<Messages>>>();
const waiting = new Map<LoadCatalogue, Map<string, (messages: Messages) => void>>();
/** The catalogue of `locale` (the pseudo-locale made from English) by `load`, fetched once. */
export function loadCatalogue(load: LoadCatalogue, locale: ConsoleLocale): Promise<Messages> {
  let mine = loading.get(load);
  if (!mine) {
    mine = new Map();
    loading.set(load, mine);
  }
  let promise = mine.get(locale);
  if (!promise) {
    promise =
      locale === PSEUDO
        ? Promise.all([load('en'), import('@scanline/contracts/pseudo-locale')]).then(
            ([english, { pseudoCatalogue }]) => pseudoCatalogue(english),
          )
        : load(locale);
    mine.set(locale, promise);
    promise.then(
      (messages) => waiting.get(load)?.get(locale)?.(messages),
      () => mine.delete(locale),
    );
  }
  return promise;
}

/** The catalogue once something else has loaded it (`loadCatalogue`), without fetching it here. */
function whenLoaded(load: LoadCatalogue, locale: ConsoleLocale, then: (messages: Messages) => void) {
  const started = loading.get(load)?.get(locale);
  if (started) {
    void started.then(then, () => undefined);
    return () => {};
  }
  let mine = waiting.get(load);
  if (!mine) {
    mine = new Map();
    waiting.set(load, mine);
  }
  mine.set(locale, then);
  return () => mine.delete(locale);
}

interface LocaleChoice {
  locale: ConsoleLocale;
  /** The account's language as GET /me answered it (`null`: none chosen, the browser's applies). */
  setAccountLocale: (locale: ConsoleLocale | null) => void;
}

const LocaleContext = createContext<LocaleChoice>({ locale: 'en', setAccountLocale: () => {} });
export const useLocaleChoice = () => useContext(LocaleContext);

/**
 * Loads the chosen catalogue, keeps `<html lang>` saying which, and renders the app in it. A new
 * language redraws everything below (the `key`): tables memoise their cells, and every date,
 * amount and PrimeReact label must follow. With `first`, the app paints with that smaller
 * catalogue (the sign-in screen's) and the whole one replaces it once it arrives.
 */
export function AppIntl({
  load,
  first,
  initial = chooseConsoleLocale(),
  children,
}: {
  load: LoadCatalogue;
  first?: LoadCatalogue;
  initial?: ConsoleLocale;
  children: ReactNode;
}) {
  const [locale, setLocale] = useState<ConsoleLocale>(initial);
  const [loaded, setLoaded] = useState<{ locale: ConsoleLocale; messages: Messages } | null>(null);
  // Whether the catalogue shown is `first`'s, the whole one still to come.
  const [partial, setPartial] = useState(false);
  const shown = useRef<Messages | null>(null);
  useEffect(() => {
    let alive = true;
    const show = (messages: Messages, isPartial: boolean) => {
      if (!alive) return;
      setCurrentIntlLocale(formattingLocale(locale, readerLanguages()));
      const words = createMessages(
        locale === PSEUDO ? PSEUDO : formattingLocale(locale, readerLanguages()),
        messages,
      );
      setTranslator((id, values) => String(words.format(id, values)));
      document.documentElement.lang = locale;
      shown.current = messages;
      setLoaded({ locale, messages });
      setPartial(isPartial);
    };
    if (first) void loadCatalogue(first, locale).then((m) => show(m, true));
    else void loadCatalogue(load, locale).then((m) => show(m, false));
    return () => {
      alive = false;
    };
  }, [load, first, locale]);
  // The whole catalogue joins the first once the page has loaded it (the sign-in screen asks
  // for it after it has painted: App.tsx), so it never competes with what that screen needs. It
  // is added to the catalogue already shown, in place: nothing on the screen changes (the sign-in
  // screen has every word it shows), so nothing re-renders under a cashier's or a user's typing.
  useEffect(() => {
    if (!partial) return;
    let alive = true;
    const stop = whenLoaded(load, locale, (messages) => {
      if (!alive || !shown.current) return;
      Object.assign(shown.current, messages);
      setPartial(false);
    });
    return () => {
      alive = false;
      stop();
    };
  }, [partial, load, locale]);
  const initialRef = useRef(initial);
  const setAccountLocale = useCallback((account: ConsoleLocale | null) => {
    if (account) storage()?.setItem(STORED, account);
    else storage()?.removeItem(STORED);
    // Without one on the account, back to what the page would choose by itself.
    setLocale(account ?? chooseConsoleLocale(window.location.search, undefined, null));
    initialRef.current = account ?? initialRef.current;
  }, []);
  const choice = useMemo(
    () => ({ locale: loaded?.locale ?? locale, setAccountLocale }),
    [loaded, locale, setAccountLocale],
  );
  if (!loaded) return null;
  return (
    <LocaleContext.Provider value={choice}>
      <MessagesProvider
        key={loaded.locale}
        locale={loaded.locale === PSEUDO ? PSEUDO : formattingLocale(loaded.locale, readerLanguages())}
        messages={loaded.messages}
      >
        {children}
      </MessagesProvider>
    </LocaleContext.Provider>
  );
}

type Values = Record<string, string | number | Date | null | undefined>;
type RichValues = Record<string, ReactNode | Date | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * The app's words: `t(id, values)` from the catalogue; `rich` when a value or a `<tag>` is an
 * element; numbers and money through `Intl` in the same language.
 */
export function useT() {
  const intl = useMessages();
  return useMemo(() => {
    const intlLocale = intlLocaleOf(intl.locale);
    return {
      t: (id: MessageId, values?: Values) => intl.format(id, values as never) as string,
      rich: (id: MessageId, values?: RichValues) => intl.format(id, values as never) as ReactNode,
      has: (id: string): id is MessageId => id in intl.messages,
      money: (minor: number, currency: string) => formatMoney(minor, currency, intlLocale),
      number: (value: number, options?: Intl.NumberFormatOptions) =>
        new Intl.NumberFormat(intlLocale, options).format(value),
      locale: intl.locale,
      intlLocale,
    };
  }, [intl]);
}
export type T = ReturnType<typeof useT>['t'];
