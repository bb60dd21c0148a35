import { formatCalendarDay, formatDateTime } from '@scanline/contracts';
import { desc } from 'drizzle-orm';
import { identityUsers } from '../db/schema';
import { runPayoutsNow } from '../domain/books/run-payouts';
import { verifyCloses } from '../domain/books/verify-closes';
import { seedDemo } from '../domain/demo/seed-demo';
import { formatMoney } from '../domain/money';
import { rotateSigningKeys } from '../identity/keys/key-store';
import { resetMfa } from '../identity/mfa/reset-mfa';
import { findUserByEmail } from '../identity/users/find-user';
import { revokeUserSessions, setUserDisabled } from '../identity/users/update-user';
import type { AppContext } from '../platform/context';
import { listOutbox } from '../platform/mail/send-mail';
import { runMaintenance } from '../workers/maintenance';
import { backupDatabase } from './backup';
import { CommandError, type CommandResult } from './command-error';

export { CommandError, type CommandResult };

const pad = (s: string, n: number) => (s.length >= n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));
/**
 * Dates as the console writes them (one formatter), in the operator's own zone
 * and language, with the zone named: the outbox said UTC times without saying so.
 */
const operator = Intl.DateTimeFormat().resolvedOptions();
const when = (d: Date | null) =>
  formatDateTime(d, {
    timeZone: operator.timeZone || 'UTC',
    locale: operator.locale,
    withTime: 'seconds',
    withZone: true,
  });

async function userByEmail(ctx: AppContext, email: string | undefined) {
  if (!email) throw new CommandError("Give the user's email address.", 2);
  const user = await findUserByEmail(ctx.database.db, email);
  if (!user) throw new CommandError(`No user with the email ${email}.`, 3);
  return user;
}

/** The operator commands; the same functions run in the CLI process or inside the running server. */
export const operatorCommands: Record<string, (ctx: AppContext, args: string[]) => Promise<CommandResult>> = {
  async 'maintenance run'(ctx, args) {
    const flag = args.indexOf('--as-of');
    const given = flag >= 0 ? args[flag + 1] : undefined;
    if (
      flag >= 0 &&
      !(given && /^\d{4}-\d{2}-\d{2}$/.test(given) && !Number.isNaN(Date.parse(`${given}T00:00:00Z`)))
    )
      throw new CommandError('--as-of takes a date: YYYY-MM-DD.', 2);
    const asOf = given ? new Date(`${given}T00:00:00Z`) : ctx.now();
    const lines = await runMaintenance(ctx, asOf);
    return {
      lines: [`maintenance as of ${asOf.toISOString()}`, ...(lines.length ? lines : ['nothing to do'])],
    };
  },
  async 'users list'(ctx) {
    const rows = await ctx.database.db
      .select()
      .from(identityUsers)
      .orderBy(desc(identityUsers.createdAt))
      .limit(500);
    return {
      lines: [
        `${pad('UID', 30)}${pad('EMAIL', 36)}${pad('VERIFIED', 10)}${pad('DISABLED', 10)}CREATED`,
        ...rows.map(
          (u) =>
            `${pad(u.uid, 30)}${pad(u.email ?? '—', 36)}${pad(u.emailVerified ? 'yes' : 'no', 10)}${pad(u.disabled ? 'yes' : 'no', 10)}${when(u.createdAt)}`,
        ),
        `${rows.length} user(s)`,
      ],
    };
  },
  async 'users show'(ctx, [email]) {
    const u = await userByEmail(ctx, email);
    return {
      lines: [
        `uid:             ${u.uid}`,
        `email:           ${u.email} (${u.emailVerified ? 'verified' : 'not verified'})`,
        `name:            ${u.displayName ?? '—'}`,
        `disabled:        ${u.disabled ? 'yes' : 'no'}`,
        `password:        ${u.passwordHash ? `set ${when(u.passwordUpdatedAt)}` : 'none'}`,
        `created:         ${when(u.createdAt)}`,
        `last sign-in:    ${when(u.lastLoginAt)}`,
        `sessions since:  ${when(u.tokensValidAfter)}`,
      ],
    };
  },
  async 'users disable'(ctx, [email]) {
    const u = await userByEmail(ctx, email);
    await setUserDisabled(ctx.database, { uid: u.uid, disabled: true, now: ctx.now() });
    return { lines: [`Disabled ${u.email} and signed them out everywhere.`] };
  },
  async 'users enable'(ctx, [email]) {
    const u = await userByEmail(ctx, email);
    await setUserDisabled(ctx.database, { uid: u.uid, disabled: false, now: ctx.now() });
    return { lines: [`Enabled ${u.email}.`] };
  },
  async 'users revoke'(ctx, [email]) {
    const u = await userByEmail(ctx, email);
    await revokeUserSessions(ctx.database, u.uid, ctx.now());
    return { lines: [`Signed ${u.email} out everywhere.`] };
  },
  async 'users mfa-reset'(ctx, [email]) {
    const u = await userByEmail(ctx, email);
    const { factors } = await resetMfa(ctx.database, u.uid, ctx.now());
    return {
      lines: [
        `Removed ${factors} authenticator${factors === 1 ? '' : 's'} and the recovery codes of ${u.email}, and signed them out everywhere.`,
        'They sign in with their password alone now and can add an authenticator again in Settings → Security.',
      ],
    };
  },
  async 'mail list'(ctx, [limit]) {
    const n = limit ? Number(limit) : 20;
    if (!Number.isInteger(n) || n < 1 || n > 500)
      throw new CommandError('The limit is a number from 1 to 500.', 2);
    if (ctx.config.smtpUrl)
      return { lines: ['Mail goes through SMTP_URL; the outbox is used only without it.'] };
    const mails = await listOutbox(ctx, { limit: n });
    if (mails.length === 0) return { lines: ['The outbox is empty.'] };
    return {
      lines: mails.flatMap((m) => [
        `── ${when(m.createdAt)}  to ${m.to}  [${m.kind}]`,
        `   ${m.subject}`,
        ...m.text.split('\n').map((l) => `   ${l}`),
        '',
      ]),
    };
  },
  async 'keys rotate'(ctx) {
    const { kid } = await rotateSigningKeys(ctx);
    return {
      lines: [`New signing key ${kid}. Tokens signed with the old key stay valid until they expire.`],
    };
  },
  backup: backupDatabase,
  async 'closes verify'(ctx, args) {
    const flags = parseFlags(args);
    const started = Date.now();
    const result = await verifyCloses(ctx.database.db, { projectId: flags.project || null });
    const took = `${((Date.now() - started) / 1000).toFixed(2)} s`;
    if (result.ok)
      return { lines: [`OK: ${result.checked} close(s) verified, every chain and total holds (${took}).`] };
    // Exit code 1 for scripts: the books do not hold. Every broken close, one per line.
    throw new CommandError(
      [
        ...result.broken.map(
          (b) =>
            `BROKEN: close ${b.close_id} (terminal ${b.terminal_id}, number ${b.number}): ${b.reason}${b.purged ? ' (purged project: chain and hash only)' : ''}`,
        ),
        `${result.broken.length} broken, ${result.checked} close(s) verified.`,
      ].join('\n'),
      1,
    );
  },
  async 'payouts run'(ctx, args) {
    const flags = parseFlags(args);
    const asOf = flags['as-of'] ?? null;
    if (asOf !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(`${asOf}T00:00:00Z`))))
      throw new CommandError('--as-of is a day as YYYY-MM-DD.', 2);
    const result = await runPayoutsNow(ctx, { projectId: flags.project || null, asOf });
    if (flags.project && result.projects === 0)
      throw new CommandError(`No simulator project ${flags.project}.`, 3);
    return {
      lines: [
        ...result.payouts.map(
          (p) =>
            `${p.id}  ${p.projectId}  ${formatMoney(p.amount, p.currency, operator.locale)}  ${p.paymentsCount} payment(s)  arrives ${formatCalendarDay(p.arrivalDate, { locale: operator.locale })}`,
        ),
        `${result.payouts.length} payout(s) over ${result.projects} project(s)${asOf ? ` as of ${asOf}` : ''}.`,
      ],
    };
  },
  async 'demo seed'(ctx, args) {
    const flags = parseFlags(args);
    const projectId = flags.project;
    if (!projectId) throw new CommandError('Give the project: demo seed --project prj_…', 2);
    const num = (name: string, fallback: number, max: number) => {
      const v = flags[name] === undefined ? fallback : Number(flags[name]);
      if (!Number.isInteger(v) || v < 1 || v > max)
        throw new CommandError(`--${name} is a whole number from 1 to ${max}.`, 2);
      return v;
    };
    const started = Date.now();
    const lines: string[] = [];
    const result = await seedDemo(ctx.database.db, projectId, {
      terminals: num('terminals', 20, 500),
      days: num('days', 90, 400),
      // `--rows` is the name docs/guide/getting-started.md uses; `--transactions` stays for scripts that use it.
      transactions: num(flags.rows === undefined ? 'transactions' : 'rows', 1_000_000, 20_000_000),
      now: ctx.now(),
      createdBy: 'demo',
      onProgress: (m) => {
        lines.push(m);
        if (!process.env.VITEST) console.error(m);
      },
    }).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'not_found')
        throw new CommandError(`No project ${projectId}.`, 3);
      throw error;
    });
    lines.push(
      `Seeded ${projectId}: ${result.terminals} terminals, ${result.transactions.toLocaleString('en-US')} transactions in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return { lines };
  },
};

function parseFlags(args: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(args[i]!);
    if (!m) throw new CommandError(`Unexpected argument ${args[i]}.`, 2);
    out[m[1]!] = m[2] ?? args[++i] ?? '';
  }
  return out;
}

export const usage = `Usage: npm run cli -- <command>
  users list                 every user, newest first
  users show <email>         one user's account
  users disable <email>      disable and sign out everywhere
  users enable <email>       enable again
  users revoke <email>       sign out everywhere
  users mfa-reset <email>    remove every two-step factor and recovery code, sign out everywhere
  mail list [n]              the newest n outbox mails (when no SMTP_URL is set)
  mail preview [--audience users|shoppers] [--lang de] [--out DIR]
                             every email in every language with sample data (HTML and text with --out)
  keys rotate                start signing ID tokens with a new key
  closes verify [--project <id>]
                             recompute every close's hash chain and totals (exit 1 if broken)
  payouts run [--project <id>] [--as-of YYYY-MM-DD]
                             pay out every available balance now, as of that day
  maintenance run [--as-of YYYY-MM-DD]
                             make the next months' log partitions, drop those past retention, purge
  demo seed --project <id> [--terminals 20] [--days 90] [--rows 1000000]
                             fill a project with realistic payment history
  backup --out FILE [--force]
                             a snapshot of the whole database (embedded: through the running server)
  restore --from FILE [--force]
                             replace the database with a backup (embedded: stop the server first)
  listen --forward-to URL [--events transaction.*,terminal.offline] [--url BASE] [--api-key KEY]
                             forward the key's project events, signed, to a local URL
  trigger transaction.succeeded [--url BASE] [--api-key KEY]
                             pay a simulator checkout so its events flow
                             (the key may also come from SCANLINE_API_KEY)`;

// One-word commands; the others are "noun verb".
const SINGLE = new Set(['backup', 'restore']);

export function resolveCommand(argv: string[]) {
  if (SINGLE.has(argv[0] ?? '')) return { name: argv[0]!, args: argv.slice(1) };
  const name = argv.slice(0, 2).join(' ');
  const command = operatorCommands[name];
  if (!command) throw new CommandError(usage, 2);
  return { name, args: argv.slice(2) };
}
