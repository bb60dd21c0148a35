import { readdirSync, readFileSync } from 'node:fs';
import { errorCodes } from '@scanline/contracts';
import { describe, expect, it } from 'vitest';
import { PublicApiError } from '../lib/public-config';
import english from '../messages/terminal/en.json';
import { DECLINE_CODES, declineText, errorText, failureText, TERMINAL_ERROR_CODES } from './error-text';

const t = ((id: string, values?: Record<string, string>) =>
  (english as Record<string, string>)[id]?.replace('{code}', values?.code ?? '') ?? `missing ${id}`) as never;

describe('the web terminal’s errors come from the catalogue by code (docs/i18n/rules.md)', () => {
  it('has a sentence for every code it names, and names only codes the API has', () => {
    for (const code of TERMINAL_ERROR_CODES) {
      expect(errorCodes as readonly string[]).toContain(code);
      expect(english).toHaveProperty([`terminal.error.${code}`]);
    }
    for (const code of [...DECLINE_CODES, 'other'])
      expect(english).toHaveProperty([`terminal.decline.${code}`]);
  });

  it('never shows the server’s English detail or the provider’s message', () => {
    const refused = new PublicApiError(
      'Refund exceeds the remaining amount (server English)',
      409,
      'refund_exceeds_amount',
    );
    expect(errorText(refused, t)).toBe(english['terminal.error.refund_exceeds_amount']);
    expect(errorText(new PublicApiError('Boom', 418, 'teapot'), t)).toContain('teapot');
    expect(errorText(new PublicApiError('offline', 0), t)).toBe(english['terminal.error.network']);
    expect(declineText({ code: 'insufficient_funds', message: 'Your card has insufficient funds.' }, t)).toBe(
      english['terminal.decline.insufficient_funds'],
    );
    expect(declineText({ code: 'do_not_honor', message: 'Your card was declined.' }, t)).toBe(
      english['terminal.decline.other'],
    );
  });

  it('explains a failed payment by its failure_code, never the provider’s failure_message', () => {
    expect(failureText('insufficient_funds', t)).toBe(english['terminal.decline.insufficient_funds']);
    expect(failureText('do_not_honor', t)).toBe(english['terminal.decline.other']);
    expect(failureText(null, t)).toBe(english['terminal.result.declined']);
  });

  it('the payment screen renders no server English: no failure_message, detail or last_payment_error.message', () => {
    for (const file of readdirSync(new URL('.', import.meta.url)).filter(
      (f) => /\.tsx?$/.test(f) && !f.includes('.test.'),
    )) {
      // Code only: the comments name these fields to say why they are not shown.
      const source = readFileSync(new URL(file, import.meta.url), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      expect(source, file).not.toMatch(
        /\.failure_message|last_payment_error\.message|\.detail\b|\b(?:e|err|error)\.message\b/,
      );
    }
  });
});
