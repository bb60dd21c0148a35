import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';

// The pseudo-locale `en-XA`, made from the English catalogue when it is chosen —
// one rule for the console, the shopper pages and the server's emails and receipt page.
// Every letter is accented (text left in code stays plain ASCII and stands out), each message
// is about 35 % longer (layouts that break with long words show it) and bracketed (cut-off text
// shows a missing bracket). It works on the parsed messages (the build parses the catalogues):
// arguments, plural and select keys are left as they are, so the arguments stay the same.

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTS = [...'áƀçðéƒĝĥíĵķĺɱñóƥǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚṼŴẊÝŽ'];
/** Accented filler words that make up the extra length (they break like words). */
const FILLER = 'ŀóŕéɱ íƥšúɱ ðóŀóŕ šíţ áɱéţ çóñšéçţéţúŕ áðíƥíšçíñĝ éŀíţ šéð ðó éíúšɱóð ţéɱƥóŕ ';

export const accent = (text: string) => text.replace(/[a-zA-Z]/g, (c) => ACCENTS[PLAIN.indexOf(c)] ?? c);

/** Accents the literal text (also inside plural, select and tag branches); gives its length. */
function accentAll(elements: MessageFormatElement[]): { elements: MessageFormatElement[]; length: number } {
  let length = 0;
  const out = elements.map((el): MessageFormatElement => {
    if (el.type === TYPE.literal) {
      length += el.value.length;
      return { ...el, value: accent(el.value) };
    }
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(el.options).map(([key, option]) => {
          const inner = accentAll(option.value);
          length = Math.max(length, inner.length);
          return [key, { ...option, value: inner.elements }];
        }),
      );
      return { ...el, options } as MessageFormatElement;
    }
    if (el.type === TYPE.tag) {
      const inner = accentAll(el.children);
      length += inner.length;
      return { ...el, children: inner.elements };
    }
    // An argument stands for data (an amount, a name): counted as a short word, left alone.
    length += 6;
    return el;
  });
  return { elements: out, length };
}

/** One parsed English message → its pseudo-localised twin. */
export function pseudoMessage(message: MessageFormatElement[]): MessageFormatElement[] {
  const { elements, length } = accentAll(message);
  const extra = Math.max(Math.ceil(length * 0.35), 2);
  const padding = FILLER.repeat(Math.ceil(extra / FILLER.length) + 1)
    .slice(0, extra)
    .trim();
  return [{ type: TYPE.literal, value: '[' }, ...elements, { type: TYPE.literal, value: ` ${padding}]` }];
}

export const pseudoCatalogue = (
  english: Record<string, MessageFormatElement[]>,
): Record<string, MessageFormatElement[]> =>
  Object.fromEntries(Object.entries(english).map(([key, message]) => [key, pseudoMessage(message)]));
