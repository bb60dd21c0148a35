import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../platform/i18n/catalogue';
import { SHOPPER_LOCALES } from '../../platform/i18n/locales';
import { makeTeam } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { makeTerminal, makeTransaction, nextIp } from '../../test/payment-factories';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer';
import { idemKey, pairedTerminal } from '../../test/terminal-fixtures';

/**
 * A business has an address and a VAT ID, the receipt page prints them, and
 * the receipt email carries the receipt itself (business, amount, card, date in the project's
 * zone, number) in its text and HTML parts, beside the link.
 */
describe('what a receipt says', () => {
  let smtp: SmtpPeer;
  let t: TestApp;
  let team: Awaited<ReturnType<typeof makeTeam>>;
  let terminalId: string;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    team = await makeTeam(t);
    const zone = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${team.project.id}`,
      headers: team.owner.auth,
      payload: { time_zone: 'Europe/Berlin' },
    });
    expect(zone.statusCode).toBe(200);
    terminalId = (await makeTerminal(t.ctx.database.db, team.project.id, { label: 'Front counter' })).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const patchBusiness = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/businesses/${team.business.id}`,
      headers: team.owner.auth,
      payload,
    });

  const paidScan = async () => {
    const txn = await makeTransaction(t.ctx.database.db, team.project.id, terminalId, { amount: 1250 });
    const scan = (
      await t.app.inject({
        method: 'POST',
        url: '/mobile/v1/scans',
        payload: { token: txn.paymentToken },
        remoteAddress: nextIp(),
      })
    ).json() as { id: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.id}/payments`,
      payload: { payment_method: 'pm_card_visa' },
      remoteAddress: nextIp(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return { scan, receiptUrl: paid.json().receipt_url as string };
  };

  it('keeps the business’s address and VAT ID, checked field by field', async () => {
    const bad = await patchBusiness({ address: { line1: 'Hauptstraße 5', country: 'Germany' }, vat_id: '!' });
    expect(bad.statusCode).toBe(400);
    const fields = [...new Set((bad.json().errors as { field: string }[]).map((e) => e.field))].sort();
    expect(fields).toEqual(['address.city', 'address.country', 'vat_id']);

    const res = await patchBusiness({
      legal_name: 'Acme Kaffee GmbH',
      address: {
        line1: 'Hauptstraße 5',
        line2: 'Hinterhaus',
        postal_code: '10115',
        city: 'Berlin',
        country: 'DE',
      },
      vat_id: 'DE123456789',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      address: {
        line1: 'Hauptstraße 5',
        line2: 'Hinterhaus',
        postal_code: '10115',
        city: 'Berlin',
        state: null,
        country: 'DE',
      },
      vat_id: 'DE123456789',
    });
    const read = await t.app.inject({
      url: `/api/v1/businesses/${team.business.id}`,
      headers: team.owner.auth,
    });
    expect(read.json().vat_id).toBe('DE123456789');
  });

  it('prints the address and VAT ID on the receipt page', async () => {
    const { receiptUrl } = await paidScan();
    const page = await t.app.inject({ method: 'GET', url: new URL(receiptUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<address class="muted">Hauptstraße 5<br>Hinterhaus<br>10115 Berlin<br>Germany</address>',
    );
    expect(page.body).toContain('VAT ID DE123456789');
    expect(page.body).toContain('Acme Kaffee GmbH');
    expect(page.body).toContain('@media print');
  });

  it('emails the receipt itself, in text and HTML, with the link', async () => {
    const { scan, receiptUrl } = await paidScan();
    const sent = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.id}/receipt`,
      payload: { email: 'shopper@example.test' },
      remoteAddress: nextIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await smtp.waitForMail('shopper@example.test', { subject: /Your receipt from Acme Coffee/ });
    // The link opens the page in the email’s language.
    expect(mail.links).toContain(`${receiptUrl}?lang=en`);
    const number = /Receipt (R-\d{8}-[A-Z0-9]+)/.exec(mail.text)?.[1];
    expect(number).toBeDefined();
    for (const part of [mail.text, mail.html]) {
      for (const text of [
        'Acme Coffee',
        'Acme Kaffee GmbH',
        'Hauptstraße 5',
        '10115 Berlin',
        'Germany',
        'DE123456789',
        '$12.50',
        'Visa •••• 4242',
        number!,
        // Paid now, in November: Berlin is on GMT+1, and the zone is named.
        'GMT+1 (Europe/Berlin)',
      ]) {
        expect(part, text).toContain(text);
      }
    }
    expect(mail.text).toMatch(/Date: \d{2}\/\d{2}\/\d{2} \d{1,2}:\d{2} [AP]M GMT\+1 \(Europe\/Berlin\)/);
    expect(mail.html).toContain(`href="${receiptUrl}?lang=en"`);
  });

  // The shopper's language — `?lang=`, else Accept-Language — on the page and in the email.
  it('shows the receipt page in French for Accept-Language: fr, with <html lang="fr">', async () => {
    const { receiptUrl } = await paidScan();
    const path = new URL(receiptUrl).pathname;
    const page = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-language': 'fr-CH,fr;q=0.9,en;q=0.5' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.headers['content-language']).toBe('fr');
    expect(page.headers.vary).toMatch(/Accept-Language/i);
    const text = page.body.replace(/\s/g, ' ');
    for (const french of [
      'Numéro du reçu',
      'Payé le',
      'Carte',
      'Nº de TVA DE123456789',
      'Allemagne',
      '12,50 $US',
    ]) {
      expect(text, french).toContain(french);
    }
    expect(text).toContain('Conservez ce reçu pour vos archives.');
    expect(text).toMatch(/<title>Reçu R-\d{8}-[A-Z0-9]+ · Acme Coffee<\/title>/);
    // French order and 24-hour clock, the zone named.
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{2} \d{2}:\d{2} UTC\+1/);
    expect(page.body).not.toMatch(/Receipt number|Keep this receipt/);
    // The language menu: each language in its own name, the shown one marked.
    expect(page.body).toContain(
      '<a href="?lang=fr" hreflang="fr" lang="fr" aria-current="true">Français</a>',
    );
    expect(page.body).toContain('<a href="?lang=de" hreflang="de" lang="de">Deutsch</a>');
  });

  it('?lang= beats the browser; the pseudo-locale is chosen only by name', async () => {
    const { receiptUrl } = await paidScan();
    const path = new URL(receiptUrl).pathname;
    const dutch = await t.app.inject({ url: `${path}?lang=nl`, headers: { 'accept-language': 'fr' } });
    expect(dutch.body).toContain('<html lang="nl">');
    expect(dutch.body).toContain('Bonnummer');
    const unknown = await t.app.inject({ url: `${path}?lang=xx`, headers: { 'accept-language': 'it' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<html lang="it">');
    const pseudo = await t.app.inject({ url: `${path}?lang=en-XA` });
    expect(pseudo.body).toContain('<html lang="en-XA">');
    expect(pseudo.body).toMatch(/\[Ŕéçéíƥţ ñúɱƀéŕ [^\]]*\]/);
    expect((await t.app.inject({ url: path, headers: { 'accept-language': 'en-XA' } })).body).toContain(
      '<html lang="en-XA">',
    );
  });

  it('lays the Arabic receipt out right to left, page and email, each value isolated', async () => {
    const { scan, receiptUrl } = await paidScan();
    const path = new URL(receiptUrl).pathname;
    const page = await t.app.inject({ url: `${path}?lang=ar`, headers: { 'accept-language': 'de' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.headers['content-language']).toBe('ar');
    expect(page.body).toContain('رقم الإيصال');
    expect(page.body).not.toMatch(/Receipt number|Belegnummer/);
    // The amount and the card keep their own order inside the right-to-left page.
    expect(page.body).toMatch(/<p class="total"><bdi>[^<]*12[.,٫]50[^<]*<\/bdi><\/p>/);
    expect(page.body).toMatch(/<td><bdi>[^<]*4242[^<]*<\/bdi><\/td>/);
    // One stylesheet for both directions: logical sides, never left or right.
    expect(page.body).toMatch(/th\{text-align:start/);
    expect(page.body).not.toMatch(/text-align:(left|right)|margin-(left|right)|padding-(left|right)/);
    // The menu names Arabic in itself, right to left, among left-to-right names.
    expect(page.body).toContain('lang="ar" dir="rtl" aria-current="true">العربية</a>');
    expect(page.body).toContain('<a href="?lang=ja" hreflang="ja" lang="ja">日本語</a>');

    const sent = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.id}/receipt`,
      payload: { email: 'arabic@example.test', locale: 'ar-EG' },
      remoteAddress: nextIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await smtp.waitForMail('arabic@example.test');
    expect(mail.subject).toBe('إيصالك من Acme Coffee');
    expect(mail.html).toContain('<html lang="ar" dir="rtl"><body dir="rtl"');
    expect(mail.html).toContain('<th scope="row" align="right"');
    expect(mail.html).toMatch(/<td align="left"[^>]*><bdi>/);
    expect(mail.links).toContain(`${receiptUrl}?lang=ar`);
  });

  it('writes the Japanese receipt in Japanese, page and email', async () => {
    const { scan, receiptUrl } = await paidScan();
    const path = new URL(receiptUrl).pathname;
    const page = await t.app.inject({ url: path, headers: { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' } });
    expect(page.body).toContain('<html lang="ja">');
    for (const words of [
      'レシート番号',
      'お支払い日時',
      'カード',
      'このレシートは控えとして保管してください。',
    ])
      expect(page.body, words).toContain(words);
    expect(page.body).not.toMatch(/Receipt number|Keep this receipt/);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.id}/receipt`,
      payload: { email: 'japan@example.test', locale: 'ja' },
      remoteAddress: nextIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await smtp.waitForMail('japan@example.test');
    expect(mail.subject).toBe('Acme Coffeeのレシート');
    expect(mail.html).toContain('<html lang="ja">');
    expect(mail.html).not.toContain('dir="rtl"');
    expect(mail.text).toContain('レシート番号: R-');
  });

  it('renders the receipt page in every shopper language, in its words', async () => {
    const { receiptUrl } = await paidScan();
    const path = new URL(receiptUrl).pathname;
    const english = loadCatalogue('shoppers', 'en');
    for (const locale of SHOPPER_LOCALES) {
      const page = await t.app.inject({ url: `${path}?lang=${locale}` });
      expect(page.statusCode, locale).toBe(200);
      expect(page.body, locale).toContain(`<html lang="${locale}"${locale === 'ar' ? ' dir="rtl"' : ''}>`);
      const words = loadCatalogue('shoppers', locale);
      for (const key of ['receipt.number', 'receipt.paidAt', 'receipt.card'])
        expect(page.body, `${locale} ${key}`).toContain(`<th scope="row">${words[key]}</th>`);
      if (locale !== 'en') expect(page.body, locale).not.toContain(english['receipt.number']);
    }
  });

  it('emails the receipt in the pay page’s language, else Accept-Language; the link keeps it', async () => {
    const { scan, receiptUrl } = await paidScan();
    const send = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/mobile/v1/scans/${scan.id}/receipt`,
        payload,
        headers,
        remoteAddress: nextIp(),
      });
    expect(
      (await send({ email: 'cliente@example.test', locale: 'pt-PT' }, { 'accept-language': 'de' }))
        .statusCode,
    ).toBe(200);
    const pt = await smtp.waitForMail('cliente@example.test');
    expect(pt.subject).toBe('O seu recibo de Acme Coffee');
    expect(pt.text).toContain('Obrigado pelo seu pagamento a Acme Coffee.');
    expect(pt.text).toContain('Número do recibo: R-');
    expect(pt.html).toContain('<html lang="pt">');
    expect(pt.links).toContain(`${receiptUrl}?lang=pt`);

    expect(
      (await send({ email: 'klant@example.test' }, { 'accept-language': 'nl-BE,nl;q=0.8' })).statusCode,
    ).toBe(200);
    const nl = await smtp.waitForMail('klant@example.test');
    expect(nl.subject).toBe('Uw bon van Acme Coffee');
    expect(nl.text.replace(/\s/g, ' ')).toContain('Bedrag: US$ 12,50');
  });

  it('the receipt page, the receipt email and the console state the same facts: a tipped German payment', async () => {
    const cafe = await makeTeam(t, { currency: 'EUR' });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${cafe.project.id}`,
      headers: cafe.owner.auth,
      payload: {
        time_zone: 'Europe/Berlin',
        tax_rate: 19,
        tipping: { enabled: true, percentages: [10, 15, 20], allow_custom: true },
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const till = await pairedTerminal(t, cafe, { label: 'Theke' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/terminal/v1/transactions',
      headers: { ...till.auth, 'idempotency-key': idemKey() },
      payload: { amount: 2475 },
    });
    const scan = (
      await t.app.inject({
        method: 'POST',
        url: '/mobile/v1/scans',
        payload: { token: new URL(created.json().payment_url).pathname.split('/').pop() },
        remoteAddress: nextIp(),
      })
    ).json() as { id: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.id}/payments`,
      payload: { payment_method: 'pm_card_visa', tip_amount: 371 },
      remoteAddress: nextIp(),
    });
    expect(paid.json().status, paid.body).toBe('succeeded');

    // The receipt page: the total at the top, the VAT line under it, then label/value rows.
    const page = (
      await t.app.inject({ method: 'GET', url: `${new URL(paid.json().receipt_url).pathname}?lang=de` })
    ).body;
    const text = (html: string) => html.replace(/&nbsp;|\u00a0|\u202f/g, ' ');
    const pageFacts: Record<string, string> = {
      total: text(/<p class="total">([^<]*)<\/p>/.exec(page)![1]!),
      vat: text(/<p class="muted vat">([^<]*)<\/p>/.exec(page)![1]!),
    };
    for (const [, k, v] of page.matchAll(/<tr><th scope="row">([^<]*)<\/th><td>([^<]*)<\/td><\/tr>/g))
      pageFacts[k!] = text(v!);

    // The email: "Label: value" lines; the charged total is followed by its VAT line.
    const sent = await t.app.inject({
      method: 'POST',
      url: `/mobile/v1/scans/${scan.id}/receipt`,
      payload: { email: 'gast@example.test', locale: 'de' },
      remoteAddress: nextIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await smtp.waitForMail('gast@example.test');
    const lines = text(mail.text)
      .split(/\r?\n/)
      .map((l) => l.trim());
    const after = (label: string) => {
      const at = lines.findIndex((l) => l.startsWith(`${label}:`));
      expect(at, `${label} in ${mail.text}`).toBeGreaterThanOrEqual(0);
      const rest = lines[at]!.slice(label.length + 1).trim();
      return rest ? [rest, lines[at + 1]!] : [lines[at + 1]!, lines[at + 2]!];
    };
    const [mailTotal, mailVat] = after('Gesamt');

    // The console's transaction page reads the API's transaction (figures by the same rule).
    const api = (
      await t.app.inject({
        url: `/api/v1/projects/${cafe.project.id}/transactions/${created.json().id}`,
        headers: cafe.owner.auth,
      })
    ).json();
    const euro = (v: number) =>
      text(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(v / 100));

    const facts = {
      total: [pageFacts.total, mailTotal, euro(api.amount_total)],
      amount: [pageFacts.Betrag, after('Betrag')[0], euro(api.amount)],
      tip: [pageFacts.Trinkgeld, after('Trinkgeld')[0], euro(api.tip_amount)],
      vat: [pageFacts.vat, mailVat, `inkl. MwSt. ${api.tax_rate} %: ${euro(api.tax_included)}`],
      number: [pageFacts.Belegnummer, after('Belegnummer')[0]],
      card: [pageFacts.Karte, after('Karte')[0]],
    };
    expect(facts.total[0]).toBe('28,46 €');
    expect(facts.amount[0]).toBe('24,75 €');
    expect(facts.tip[0]).toBe('3,71 €');
    // The tip is outside VAT: 19 % of 24.75 only.
    expect(facts.vat[0]).toBe('inkl. MwSt. 19 %: 3,95 €');
    for (const [field, values] of Object.entries(facts)) {
      expect(new Set(values).size, `${field}: ${values.join(' | ')}`).toBe(1);
    }
  });
});
