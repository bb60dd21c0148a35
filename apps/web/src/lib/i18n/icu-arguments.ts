import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';

// What the catalogue tests compare between a translation and its English source.

/** "name:kind" for every argument, plural, select and tag in the message, sorted. */
export function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): string[] {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(
      `${el.value}:${TYPE[el.type]}${'style' in el && typeof el.style === 'string' ? `/${el.style}` : ''}`,
    );
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    if (el.type === TYPE.tag) argumentsOf(el.children, into);
  }
  return [...into].sort();
}

/** The text a reader sees in a message, every branch of it, without its arguments. */
export const literalText = (elements: MessageFormatElement[]): string =>
  elements
    .map((el) =>
      el.type === TYPE.literal
        ? el.value
        : el.type === TYPE.plural || el.type === TYPE.select
          ? Object.values(el.options)
              .map((o) => literalText(o.value))
              .join('')
          : el.type === TYPE.tag
            ? literalText(el.children)
            : '',
    )
    .join('');
