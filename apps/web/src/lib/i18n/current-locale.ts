import type { MessageId } from '../../messages/keys';

// The language `Intl` formats in outside React (dates in theme/date-format.ts, money in
// lib/money.ts): the console's chosen language once its catalogue is loaded, the browser's until
// then. Components read it through useT(); this is for the helpers they call.

let current: string | undefined;

export const currentIntlLocale = (): string =>
  current ?? (typeof navigator === 'undefined' ? 'en-US' : navigator.language);

export function setCurrentIntlLocale(locale: string | undefined) {
  current = locale;
}

type Translate = (id: MessageId, values?: Record<string, string | number>) => string;
let translator: Translate | undefined;

/**
 * A message from the loaded catalogue, for code outside components (error tables, toasts from
 * hooks). The app renders only once a catalogue is loaded, so it is there when the user sees it.
 */
export const translate: Translate = (id, values) => (translator ? translator(id, values) : id);

export function setTranslator(next: Translate | undefined) {
  translator = next;
}
