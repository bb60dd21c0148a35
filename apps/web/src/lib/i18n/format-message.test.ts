import fs from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { createFormatter, formatToParts } from './format-message';

// Our formatter replaced react-intl in the browser: over every message of every catalogue, in
// its own language, with values that walk every branch (each select option and `other`, plural
// numbers from 0 to 1,000,000 and a fraction, tags), it must write what react-intl writes.

const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const catalogues: { file: string; locale: string; messages: Record<string, string> }[] = [];
for (const area of fs.readdirSync(path.join(SRC, 'messages'), { withFileTypes: true })) {
  if (!area.isDirectory()) continue;
  for (const f of fs.readdirSync(path.join(SRC, 'messages', area.name)).filter((f) => f.endsWith('.json')))
    catalogues.push({
      file: `messages/${area.name}/${f}`,
      locale: f.replace('.json', ''),
      messages: JSON.parse(fs.readFileSync(path.join(SRC, 'messages', area.name, f), 'utf8')),
    });
}
for (const f of fs.readdirSync(path.join(SRC, 'pay/messages')).filter((f) => f.endsWith('.json')))
  catalogues.push({
    file: `pay/messages/${f}`,
    locale: f.replace('.json', ''),
    messages: JSON.parse(fs.readFileSync(path.join(SRC, 'pay/messages', f), 'utf8')),
  });

type Values = Record<string, string | number | ((chunks: string[]) => string)>;

/** Value sets that between them take every branch of a message. */
function valueSets(elements: MessageFormatElement[]): Values[] {
  const base: Values = {};
  const variants: [string, (string | number)[]][] = [];
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === 1) base[el.value] ??= `‹${el.value}›`;
      if (el.type === 2) variants.push([el.value, [0, 0.125, 12.5, 1234.5]]);
      if (el.type === 5) variants.push([el.value, [...Object.keys(el.options), 'none-of-these']]);
      if (el.type === 6) variants.push([el.value, [0, 1, 2, 3, 5, 11, 21, 100, 1.5, 1_000_000]]);
      if (el.type === 8) {
        const name = el.value;
        base[name] = (chunks) => `<${name}>${chunks.join('')}</${name}>`;
        walk(el.children);
      }
      if (el.type === 5 || el.type === 6) for (const o of Object.values(el.options)) walk(o.value);
    }
  };
  walk(elements);
  const sets: Values[] = [{ ...base, ...Object.fromEntries(variants.map(([k, v]) => [k, v[0]!])) }];
  for (const [name, options] of variants)
    for (const option of options)
      sets.push({ ...base, ...Object.fromEntries(variants.map(([k, v]) => [k, v[0]!])), [name]: option });
  return sets;
}

describe('our message formatter writes what react-intl writes', () => {
  it(`every message of the ${catalogues.length} catalogues, every branch`, () => {
    let compared = 0;
    const differences: string[] = [];
    for (const { file, locale, messages } of catalogues) {
      const parsed = Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));
      const ours = createFormatter(locale, parsed);
      const theirs = createIntl({ locale, messages: parsed, onError: () => {} });
      for (const [id, elements] of Object.entries(parsed)) {
        for (const values of valueSets(elements)) {
          // A select with no `other` and a value of none of its options is a caller's bug in both.
          const expected = String(theirs.formatMessage({ id }, values));
          if (expected === id && elements.length > 0 && messages[id] !== id) continue;
          const got = String(ours(id, values));
          compared++;
          if (got !== expected)
            differences.push(
              `${file} ${id} ${JSON.stringify(values)}: ${JSON.stringify(got)} ≠ ${JSON.stringify(expected)}`,
            );
        }
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
    expect(compared).toBeGreaterThan(5000);
  });

  it('keeps elements as parts and merges the text around them', () => {
    const el = { element: true };
    expect(
      formatToParts(parse('a {x} b <b>c {y}</b> d'), 'en', { x: 'X', y: el as never, b: (c) => c }),
    ).toEqual(['a X b c ', el, ' d']);
  });

  it('answers the id (and says why) for a missing message or a missing value', () => {
    const format = createFormatter('en', { hello: parse('Hello {name}') });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(format('nope')).toBe('nope');
      expect(format('hello')).toBe('hello');
      expect(format('hello', { name: 'Ada' })).toBe('Hello Ada');
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(2);
  });
});
