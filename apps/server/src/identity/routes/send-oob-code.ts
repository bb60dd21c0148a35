import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { emailTranslatorFor, requestLanguages } from '../../platform/i18n/recipient-locale';
import { sendMail } from '../../platform/mail/send-mail';
import { IdentityError } from '../identity-error';
import { renderActionEmail } from '../oob/action-emails';
import { actionLink, checkContinueUrl } from '../oob/action-link';
import { createOobCode, type OobKind } from '../oob/oob-codes';
import { clientKey, consumePairLimit, consumeRateLimit, LIMITS } from '../rate-limit';
import { findUserByEmail } from '../users/find-user';
import { normalizeEmail, requireEmail } from '../users/normalize-email';
import { requireTokenUser } from '../users/require-user';
import { type Body, identityRoute } from './define-route';

const MODE = {
  PASSWORD_RESET: 'resetPassword',
  VERIFY_EMAIL: 'verifyEmail',
  EMAIL_SIGNIN: 'signIn',
  VERIFY_AND_CHANGE_EMAIL: 'verifyAndChangeEmail',
} as const;

async function limitMail(ctx: AppContext, request: FastifyRequest, address: string) {
  await consumeRateLimit(ctx, `mail:ip:${clientKey(request.ip)}`, LIMITS.mailPerIp);
  // Per (address, client) with a looser ceiling per address: someone asking for the owner's
  // reset mail over and over does not stop the owner from asking for it.
  await consumePairLimit(ctx, {
    scope: 'mail:to',
    subject: normalizeEmail(address),
    ip: request.ip,
    perClient: LIMITS.mailPerAddressPerClient,
    perSubject: LIMITS.mailPerAddress,
  });
}

async function send(
  app: FastifyInstance,
  kind: OobKind,
  target: { uid: string | null; email: string; newEmail?: string },
  continueUrl: string | undefined,
  languages: string[],
  /** Whose language to use when the code is not tied to a user (an email-link sign-in). */
  languageOf: string | null = target.uid,
) {
  const ctx = app.ctx;
  // The account's language, else the one the sign-up or sign-in screen asked in.
  const t = await emailTranslatorFor(ctx.database.db, { uid: languageOf, languages });
  const code = await createOobCode(ctx.database.db, { kind, ...target }, ctx.now());
  const to = target.newEmail ?? target.email;
  const link = actionLink(ctx.config, { mode: MODE[kind], code, continueUrl });
  const mail = renderActionEmail(t, { kind, link, email: to });
  try {
    await sendMail(ctx, { ...mail, to, kind: kind.toLowerCase() }, app.log);
  } catch (error) {
    // The SMTP failure itself is logged; the SDK gets Google's shape (auth/internal-error).
    app.log.error({ err: error, kind }, 'identity mail not sent');
    throw new IdentityError('INTERNAL_ERROR : The email could not be sent, try again later', 503);
  }
}

/** `accounts:sendOobCode`: password reset, email verification, email-link sign-in, email change. */
export function sendOobCodeRoute(app: FastifyInstance) {
  const ctx = app.ctx;
  const handlers: Record<OobKind, (body: Body, request: FastifyRequest) => Promise<{ email: string }>> = {
    async PASSWORD_RESET(body, request) {
      const email = requireEmail(body.email);
      const continueUrl = checkContinueUrl(ctx.config, body.continueUrl);
      await limitMail(ctx, request, email);
      const user = await findUserByEmail(ctx.database.db, email);
      // No enumeration: an unknown address gets the same answer, and the mail goes out after
      // the answer either way, so timing does not tell the two apart.
      if (user?.email && !user.disabled) {
        const target = { uid: user.uid, email: user.email };
        const languages = requestLanguages(request.headers);
        setImmediate(() => {
          send(app, 'PASSWORD_RESET', target, continueUrl, languages).catch((error) =>
            app.log.error({ err: error }, 'password reset mail failed'),
          );
        });
      }
      return { email };
    },
    async VERIFY_EMAIL(body, request) {
      const { user } = await requireTokenUser(ctx, body.idToken);
      if (!user.email) throw new IdentityError('INVALID_EMAIL');
      const continueUrl = checkContinueUrl(ctx.config, body.continueUrl);
      await limitMail(ctx, request, user.email);
      await send(
        app,
        'VERIFY_EMAIL',
        { uid: user.uid, email: user.email },
        continueUrl,
        requestLanguages(request.headers),
      );
      return { email: user.email };
    },
    async EMAIL_SIGNIN(body, request) {
      const email = requireEmail(body.email);
      if (!body.continueUrl) throw new IdentityError('MISSING_CONTINUE_URI');
      const continueUrl = checkContinueUrl(ctx.config, body.continueUrl);
      await limitMail(ctx, request, email);
      const known = await findUserByEmail(ctx.database.db, email);
      await send(
        app,
        'EMAIL_SIGNIN',
        { uid: null, email },
        continueUrl,
        requestLanguages(request.headers),
        known?.uid,
      );
      return { email };
    },
    async VERIFY_AND_CHANGE_EMAIL(body, request) {
      const { user } = await requireTokenUser(ctx, body.idToken);
      const newEmail = requireEmail(body.newEmail);
      const continueUrl = checkContinueUrl(ctx.config, body.continueUrl);
      if (await findUserByEmail(ctx.database.db, newEmail)) throw new IdentityError('EMAIL_EXISTS');
      await limitMail(ctx, request, newEmail);
      await send(
        app,
        'VERIFY_AND_CHANGE_EMAIL',
        { uid: user.uid, email: user.email ?? newEmail, newEmail },
        continueUrl,
        requestLanguages(request.headers),
      );
      return { email: user.email ?? newEmail };
    },
  };
  identityRoute(app, 'POST', 'v1/accounts:sendOobCode', async (body, request) => {
    const requestType = body.requestType;
    if (typeof requestType !== 'string' || !(requestType in handlers)) {
      throw new IdentityError(requestType ? 'INVALID_REQ_TYPE' : 'MISSING_REQ_TYPE');
    }
    const { email } = await handlers[requestType as OobKind](body, request);
    return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email };
  });
}
