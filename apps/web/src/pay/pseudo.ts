import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

// Issue 28 §1: the pseudo-locale `en-XA`, made from the English catalogue when it is chosen.
// Every letter is accented (text left in code stays plain ASCII and stands out), each message
// is about 35 % longer (layouts that break with long words show it) and bracketed (cut-off text
// shows a missing bracket). Arguments, plural and select keys are left as they are.

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'áƀçðéƒĝĥíĵķĺɱñóƥǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚṼŴẊÝŽ'][i] as string,
  ]),
);
/** Accented filler words that make up the extra length (they break like words). */
const FILLER = 'ŀóŕéɱ íƥšúɱ ðóŀóŕ šíţ áɱéţ çóñšéçţéţúŕ áðíƥíšçíñĝ éŀíţ šéð ðó éíúšɱóð ţéɱƥóŕ';

export const accent = (text: string) => text.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c);

function walk(elements: MessageFormatElement[]): number {
  let letters = 0;
  for (const el of elements) {
    if (el.type === TYPE.literal) {
      letters += el.value.length;
      el.value = accent(el.value);
    } else if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) letters += walk(option.value);
    } else if (el.type === TYPE.tag) letters += walk(el.children);
  }
  return letters;
}

/** One English message → its pseudo-localised twin, still valid ICU with the same arguments. */
export function pseudoMessage(message: string): string {
  const ast = parse(message);
  const length = Math.max(walk(ast), 4);
  const extra = Math.ceil(length * 0.35);
  const padding = FILLER.repeat(Math.ceil(extra / FILLER.length) + 1)
    .slice(0, extra)
    .trim();
  return `[${printAST(ast)}${padding ? ` ${padding}` : ''}]`;
}

export const pseudoCatalogue = (english: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(english).map(([key, message]) => [key, pseudoMessage(message)]));
