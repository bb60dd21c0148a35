import { UNKNOWN_BROWSER } from '@scanline/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import { identityRefreshTokens } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { emailTranslatorFor } from '../../platform/i18n/recipient-locale';
import { renderLocalizedEmail } from '../../platform/mail/localized-email';
import { sendMail } from '../../platform/mail/send-mail';
import type { IdentityUser } from '../users/find-user';
import type { SessionRequest } from './session-request';
import { describeUserAgent } from './user-agent';

// Enough history to know a user's browsers without reading every session they ever had.
const HISTORY = 50;

/**
 * A sign-in from a browser (family and system) this user has not signed in from before gets a
 * security email. The very first session (sign-up) has nothing to compare with and sends none.
 * A mail failure never fails the sign-in.
 */
export async function noticeNewBrowser(
  ctx: AppContext,
  {
    user,
    sessionId,
    request,
  }: { user: IdentityUser; sessionId: string; request: SessionRequest | undefined },
) {
  if (!user.email) return;
  try {
    const earlier = await ctx.database.db
      .select({ userAgent: identityRefreshTokens.userAgent })
      .from(identityRefreshTokens)
      .where(and(eq(identityRefreshTokens.uid, user.uid), ne(identityRefreshTokens.id, sessionId)))
      .orderBy(desc(identityRefreshTokens.createdAt))
      .limit(HISTORY);
    if (earlier.length === 0) return;
    const now = describeUserAgent(request?.userAgent);
    if (earlier.some((s) => describeUserAgent(s.userAgent).fingerprint === now.fingerprint)) return;
    const sessions = new URL('/u/settings/security', ctx.config.publicUrl).toString();
    const t = await emailTranslatorFor(ctx.database.db, { uid: user.uid, languages: request?.languages });
    // The browser's and system's names are data ("Chrome 156", "macOS"); only "on" is wording.
    const browser =
      now.browser === UNKNOWN_BROWSER
        ? t.t('newBrowser.unknownBrowser')
        : now.os
          ? t.t('newBrowser.browserOn', { browser: now.browser, os: now.os })
          : now.browser;
    const mail = renderLocalizedEmail(
      t,
      'newBrowser',
      { email: user.email, browser, hasIp: request?.ip ? 'yes' : 'no', ip: request?.ip ?? '' },
      { actionUrl: sessions },
    );
    await sendMail(ctx, { ...mail, to: user.email, kind: 'new_browser_sign_in' });
  } catch {
    // Sign-in goes on: this mail is a courtesy, and its failure is the mail server's to report.
  }
}
