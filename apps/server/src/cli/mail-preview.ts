import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE_LOCALES, type CatalogueName } from '../platform/i18n/catalogue';
import { previewEmails } from '../platform/mail/preview-emails';
import { CommandError } from './command-error';

/**
 * `scanline mail preview [--audience users|shoppers] [--lang xx] [--out DIR]`: every email in
 * every language with sample data; one line each, and with `--out` its HTML and text files to
 * open in a browser or a mail client.
 */
export function mailPreview(args: string[]): string[] {
  const opts: { audience?: CatalogueName; locale?: string; out?: string } = {};
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (value === undefined) throw new CommandError(`${flag} needs a value.`, 2);
    if (flag === '--audience') {
      if (!(value in CATALOGUE_LOCALES)) throw new CommandError('--audience is users or shoppers.', 2);
      opts.audience = value as CatalogueName;
    } else if (flag === '--lang') opts.locale = value;
    else if (flag === '--out') opts.out = path.resolve(value);
    else throw new CommandError(`Unknown option ${flag}.`, 2);
  }
  const mails = previewEmails(opts);
  if (mails.length === 0) throw new CommandError('No email matches.', 3);
  if (opts.out) fs.mkdirSync(opts.out, { recursive: true });
  return mails.map((m) => {
    const name = `${m.audience}-${m.locale}-${m.key}`;
    if (opts.out) {
      fs.writeFileSync(path.join(opts.out, `${name}.html`), m.html);
      fs.writeFileSync(path.join(opts.out, `${name}.txt`), m.text);
    }
    return `${name}\t${m.subject}`;
  });
}
