export interface EmailContent {
  heading: string;
  intro: string;
  actionLabel: string;
  actionUrl: string;
  outro?: string;
  /** Facts shown between the sentence and the button, one label each with one or more lines (a receipt's). */
  details?: { label: string; lines: string[] }[];
}

/** The words around the content, in the email's language. */
export interface EmailChrome {
  /** The language tag for `<html lang>`. */
  lang: string;
  /** `rtl` for Arabic: the whole mail laid out right to left (mail clients know no logical sides). */
  dir?: 'ltr' | 'rtl';
  /** "Or open this link:" before the link as text. */
  orOpenLink: string;
}

const ENGLISH: EmailChrome = { lang: 'en', orOpenLink: 'Or open this link:' };

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Plain, branded mail: one heading, a sentence, optional labelled facts, one button, the link as
 * text for clients without HTML.
 */
export function renderEmail(subject: string, c: EmailContent, chrome: EmailChrome = ENGLISH): RenderedEmail {
  const text = [
    c.heading,
    '',
    c.intro,
    '',
    ...(c.details ?? []).flatMap((d) => [
      `${d.label}: ${d.lines[0] ?? ''}`,
      ...d.lines.slice(1).map((l) => `  ${l}`),
    ]),
    ...(c.details?.length ? [''] : []),
    `${c.actionLabel}: ${c.actionUrl}`,
    '',
    c.outro ?? '',
    '',
    '— Scanline',
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  const rtl = chrome.dir === 'rtl';
  // Mail clients ignore logical CSS sides: the physical ones are chosen by the direction, and in
  // right-to-left mail each fact sits in a <bdi> so an amount or a card number keeps its order.
  const [start, end] = rtl ? ['right', 'left'] : ['left', 'right'];
  const fact = (line: string) => (rtl ? `<bdi>${escapeHtml(line)}</bdi>` : escapeHtml(line));
  const html = `<!doctype html><html lang="${escapeHtml(chrome.lang)}"${rtl ? ' dir="rtl"' : ''}><body${rtl ? ' dir="rtl"' : ''} style="margin:0;background:#f4f6fa;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="520" cellpadding="0" cellspacing="0" style="max-width:520px;background:#fff;border-radius:8px;padding:32px">
<tr><td style="font-weight:700;font-size:18px;color:#3b82f6;padding-bottom:24px">Scanline</td></tr>
<tr><td style="font-size:20px;font-weight:600;padding-bottom:12px">${escapeHtml(c.heading)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5;padding-bottom:24px">${escapeHtml(c.intro)}</td></tr>
${c.details?.length ? `<tr><td style="padding-bottom:24px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;line-height:1.5">${c.details.map((d) => `<tr><th scope="row" align="${start}" valign="top" style="font-weight:500;color:#6b7280;padding:${rtl ? '6px 0 6px 12px' : '6px 12px 6px 0'};border-top:1px solid #e5e7eb;white-space:nowrap">${escapeHtml(d.label)}</th><td align="${end}" style="padding:6px 0;border-top:1px solid #e5e7eb">${d.lines.map(fact).join('<br>')}</td></tr>`).join('')}</table></td></tr>` : ''}
<tr><td style="padding-bottom:24px"><a href="${escapeHtml(c.actionUrl)}" style="display:inline-block;background:#3b82f6;color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(c.actionLabel)}</a></td></tr>
<tr><td style="font-size:13px;color:#6b7280;line-height:1.5;padding-bottom:8px">${escapeHtml(chrome.orOpenLink)} <a href="${escapeHtml(c.actionUrl)}" style="color:#3b82f6;word-break:break-all">${escapeHtml(c.actionUrl)}</a></td></tr>
${c.outro ? `<tr><td style="font-size:13px;color:#6b7280;line-height:1.5">${escapeHtml(c.outro)}</td></tr>` : ''}
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}
