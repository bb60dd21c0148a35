import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

// The catalogues reach the browser already parsed (scripts/precompile-messages.ts), so what is
// left to do at run time is to walk a message's elements and fill in its values: this module,
// instead of react-intl and intl-messageformat (about 5 KB of brotli before a sign-in form or a
// pay page can paint, docs/develop/adding-a-language.md#first-paint). It formats what the catalogues
// use, as intl-messageformat does (format-message.test.ts compares the two over every message
// of every catalogue): text, arguments, numbers (plain, percent and skeletons), plural
// (cardinal, `=n`, `#`), select and tags. A date or time argument is formatted by the caller.

/** A parsed message, as the build hands it over. */
export type Parsed = MessageFormatElement[];
export type Catalogue = Record<string, Parsed>;
/** A tag's value: what to wrap its content in (`<b>…</b>` → `(chunks) => <b>{chunks}</b>`). */
export type TagFn<T> = (chunks: (string | T)[]) => T | string | (string | T)[];
export type MessageValues<T = never> = Record<
  string,
  string | number | Date | null | undefined | T | TagFn<T>
>;

// The element kinds of @formatjs/icu-messageformat-parser (its TYPE enum), without importing
// the parser: only its types are needed here.
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;
const TAG = 8;

/** intl-messageformat's default named number styles (`{n, number, percent}`). */
const NAMED_NUMBER: Record<string, Intl.NumberFormatOptions> = {
  integer: { maximumFractionDigits: 0 },
  currency: { style: 'currency' },
  percent: { style: 'percent' },
};

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}
function plural(locale: string) {
  let r = pluralRules.get(locale);
  if (!r) pluralRules.set(locale, (r = new Intl.PluralRules(locale)));
  return r;
}

export class MessageValueError extends Error {}

/** A message's parts: runs of text merged, values that are not text (elements) kept as they are. */
export function formatToParts<T>(
  elements: Parsed,
  locale: string,
  values: MessageValues<T> = {},
  pluralValue?: number,
): (string | T)[] {
  const out: (string | T)[] = [];
  const push = (part: string | T) => {
    const last = out.length - 1;
    if (typeof part === 'string' && typeof out[last] === 'string') out[last] = (out[last] as string) + part;
    else out.push(part);
  };
  for (const el of elements) {
    if (el.type === LITERAL) {
      push(el.value);
      continue;
    }
    if (el.type === POUND) {
      if (pluralValue !== undefined) push(numberFormat(locale).format(pluralValue));
      continue;
    }
    if (!(el.value in values)) throw new MessageValueError(`The value "${el.value}" is missing`);
    const value = values[el.value];
    if (el.type === ARGUMENT) {
      if (typeof value === 'string' || typeof value === 'number') push(String(value));
      else if (value) push(value as T);
      continue;
    }
    if (el.type === NUMBER) {
      const style =
        typeof el.style === 'string'
          ? NAMED_NUMBER[el.style]
          : (el.style?.parsedOptions as (Intl.NumberFormatOptions & { scale?: number }) | undefined);
      const { scale = 1, ...options } = (style ?? {}) as Intl.NumberFormatOptions & { scale?: number };
      push(numberFormat(locale, options).format(Number(value) * scale));
      continue;
    }
    if (el.type === SELECT) {
      const option = el.options[String(value)] ?? el.options.other;
      if (!option) throw new MessageValueError(`No option for "${String(value)}" in ${el.value}`);
      for (const p of formatToParts(option.value, locale, values)) push(p);
      continue;
    }
    if (el.type === PLURAL) {
      const n = Number(value);
      const option =
        el.options[`=${n}`] ?? el.options[plural(locale).select(n - el.offset)] ?? el.options.other;
      if (!option) throw new MessageValueError(`No plural form for ${n} in ${el.value}`);
      for (const p of formatToParts(option.value, locale, values, n - el.offset)) push(p);
      continue;
    }
    if (el.type === TAG) {
      if (typeof value !== 'function') throw new MessageValueError(`The tag <${el.value}> has no function`);
      const chunks = (value as TagFn<T>)(formatToParts(el.children, locale, values, pluralValue));
      for (const p of Array.isArray(chunks) ? chunks : [chunks]) push(p);
      continue;
    }
    throw new MessageValueError(
      `The catalogues use no ${el.type} element (dates are formatted by the caller)`,
    );
  }
  return out;
}

/**
 * `format(id, values)`: text when every part is text, else the parts (an element among them).
 * A missing id, or a value a message needs that is missing, answers the id, as react-intl did,
 * and says why on the console.
 */
export function createFormatter(locale: string, catalogue: Catalogue) {
  return function format<T = never>(id: string, values?: MessageValues<T>): string | (string | T)[] {
    const message = catalogue[id];
    if (!message) {
      console.error(`[i18n] no message "${id}" in the ${locale} catalogue`);
      return id;
    }
    try {
      const parts = formatToParts(message, locale, values);
      if (parts.length === 0) return '';
      return parts.every((p) => typeof p === 'string') ? parts.join('') : parts;
    } catch (error) {
      console.error(`[i18n] "${id}": ${(error as Error).message}`);
      return id;
    }
  };
}
