import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function* sources(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) yield p;
  }
}

// The pay page's card form shows the card's shape ("1234 1234 1234 1234", CVC "123") as Stripe's
// own card fields do: a format a shopper recognises, in grey, on a form that is never prefilled.
const CARD_FORMAT_HINTS = new Set([
  'pay/CardForm.tsx: placeholder="1234 1234 1234 1234"',
  'pay/CardForm.tsx: placeholder="123"',
]);

describe('placeholders', () => {
  it('never look like a value: no written number, time or amount as an input placeholder', () => {
    const valueLike: string[] = [];
    for (const file of sources(src)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/placeholder=(?:"([^"]*)"|\{'([^']*)'\})/g)) {
        const value = m[1] ?? m[2] ?? '';
        // "0.00", "22:00", "1,000", "US": what a filled-in field would show.
        const found = `${path.relative(src, file)}: placeholder="${value}"`;
        if ((/^[\d.,:\s%€$£-]+$/.test(value) || /^[A-Z]{2,3}$/.test(value)) && !CARD_FORMAT_HINTS.has(found))
          valueLike.push(found);
      }
    }
    expect(valueLike).toEqual([]);
  });
});
