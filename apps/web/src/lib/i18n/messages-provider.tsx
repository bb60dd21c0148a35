import { Children, createContext, type ReactNode, useContext, useMemo } from 'react';
import { type Catalogue, createFormatter, type MessageValues, type TagFn } from './format-message';

/** What a page's words come from: the formatting locale, its catalogue and a formatter over it. */
export interface Messages {
  /** The locale `Intl` formats in (`de-AT`, `en-XA`). */
  locale: string;
  messages: Catalogue;
  /** Text, or keyed React children when a value or a tag is an element. */
  format: (id: string, values?: MessageValues<ReactNode>) => string | ReactNode[];
}

const MessagesContext = createContext<Messages | null>(null);

/**
 * A translator outside React too (tables of errors, toasts): tag functions get keyed children,
 * and a message with an element in it answers them keyed, so React never warns about keys.
 */
export function createMessages(locale: string, messages: Catalogue): Messages {
  const format = createFormatter(locale, messages);
  return {
    locale,
    messages,
    format: (id, values) => {
      const keyed =
        values &&
        Object.fromEntries(
          Object.entries(values).map(([k, v]) => [
            k,
            typeof v === 'function'
              ? (chunks: (string | ReactNode)[]) => (v as TagFn<ReactNode>)(Children.toArray(chunks))
              : v,
          ]),
        );
      const out = format<ReactNode>(id, keyed);
      return typeof out === 'string' ? out : Children.toArray(out);
    },
  };
}

/** Gives the page below its catalogue. */
export function MessagesProvider({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages: Catalogue;
  children: ReactNode;
}) {
  const value = useMemo(() => createMessages(locale, messages), [locale, messages]);
  return <MessagesContext.Provider value={value}>{children}</MessagesContext.Provider>;
}

export function useMessages(): Messages {
  const value = useContext(MessagesContext);
  if (!value) throw new Error('useMessages() outside a MessagesProvider');
  return value;
}
