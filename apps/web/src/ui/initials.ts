/**
 * The first letter of a name for an avatar: a whole grapheme (an emoji, a flag, a letter with
 * its accent), never half of a surrogate pair, upper-cased when it is a letter.
 */
export function initialOf(label: string): string {
  const text = label.trim();
  if (!text) return '?';
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  const first = Segmenter
    ? (new Segmenter(undefined, { granularity: 'grapheme' }).segment(text)[Symbol.iterator]().next().value
        ?.segment ?? text)
    : (Array.from(text)[0] ?? text);
  return first.toLocaleUpperCase();
}
