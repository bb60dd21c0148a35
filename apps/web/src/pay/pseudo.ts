import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';

// The right-to-left pseudo-locale `ar-XB`, made from the English catalogue when chosen, as
// Chrome's own `ar-XB` does: every literal run is a right-to-left override (U+202E … U+202C), so
// English letters are laid out from the right and read mirrored, and each message is bracketed
// with right-to-left marks (U+200F) around it. Arguments (amounts, names) stay outside the
// overrides and read as they are. With `dir="rtl"` on the page, anything still laid out left to
// right, and any text left in code (plain, unmirrored English), stands out.

const RLO = '\u202E';
const PDF = '\u202C';
const RLM = '\u200F';

function mirror(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el): MessageFormatElement => {
    if (el.type === TYPE.literal) return { ...el, value: `${RLO}${el.value}${PDF}` };
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(el.options).map(([key, option]) => [key, { ...option, value: mirror(option.value) }]),
      );
      return { ...el, options } as MessageFormatElement;
    }
    if (el.type === TYPE.tag) return { ...el, children: mirror(el.children) };
    return el;
  });
}

/** One parsed English message → its mirrored, bracketed `ar-XB` twin. */
export const mirroredMessage = (message: MessageFormatElement[]): MessageFormatElement[] => [
  { type: TYPE.literal, value: `${RLM}[` },
  ...mirror(message),
  { type: TYPE.literal, value: `]${RLM}` },
];

export const mirroredCatalogue = (
  english: Record<string, MessageFormatElement[]>,
): Record<string, MessageFormatElement[]> =>
  Object.fromEntries(Object.entries(english).map(([key, message]) => [key, mirroredMessage(message)]));
