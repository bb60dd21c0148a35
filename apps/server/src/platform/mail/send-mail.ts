import { desc } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { mailOutbox } from '../../db/schema';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { RenderedEmail } from './render-email';

export interface OutgoingMail extends RenderedEmail {
  to: string;
  /** What the mail is for (verify_email, password_reset, invitation…): kept in the outbox and logs. */
  kind: string;
}

// nodemailer loads with the first mail sent through SMTP, not on every start.
const transports = new Map<string, Promise<Transporter>>();
const transportFor = (url: string) => {
  let t = transports.get(url);
  if (!t) {
    t = import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
    transports.set(url, t);
  }
  return t;
};

/**
 * Sends through SMTP when SMTP_URL is set; otherwise keeps the mail in the local outbox
 * and, in development, prints it so its links can be clicked.
 */
export async function sendMail(
  ctx: AppContext,
  mail: OutgoingMail,
  log?: { info: (o: object, m: string) => void },
) {
  if (ctx.config.smtpUrl) {
    try {
      await (await transportFor(ctx.config.smtpUrl)).sendMail({
        from: ctx.config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'X-Scanline-Kind': mail.kind },
      });
    } catch (error) {
      throw new AppError(
        'service_unavailable',
        `The mail server refused the message: ${(error as Error).message}`,
      );
    }
    return;
  }
  await ctx.database.db.insert(mailOutbox).values({
    id: newId('mail'),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    kind: mail.kind,
    createdAt: ctx.now(),
  });
  if (ctx.config.env === 'development')
    log?.info({ to: mail.to, kind: mail.kind, text: mail.text }, 'mail kept in outbox');
}

/** The newest outbox mail first (operator CLI `mail list`). */
export function listOutbox(ctx: AppContext, opts: { limit?: number } = {}) {
  return ctx.database.db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(opts.limit ?? 20);
}
