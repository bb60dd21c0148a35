import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readCookie } from '../../platform/cookies';
import { AppError } from '../../platform/errors';
import { translator } from '../../platform/i18n/catalogue';
import { USER_CHOICES } from '../../platform/i18n/locales';
import { pickLocale } from '../../platform/i18n/pick-locale';
import { requestLanguages } from '../../platform/i18n/recipient-locale';
import { escapeHtml } from '../../platform/mail/render-email';
import {
  abandonFlow,
  collectHandle,
  type FlowMode,
  finishFlow,
  safeReturnPath,
  startFlow,
} from './federated-flow';

const STATE_COOKIE = '__scanline_federated';

/** The popup's last page: tells the opener the handle (or the error) and closes itself. */
function popupPage(
  reply: FastifyReply,
  origin: string,
  message: Record<string, string>,
  request: FastifyRequest,
) {
  // In the browser's language: whose account it is is not known yet.
  const t = translator('users', pickLocale(USER_CHOICES, requestLanguages(request.headers)));
  const nonce = randomBytes(16).toString('base64');
  const payload = JSON.stringify({ type: 'scanline:federated', ...message }).replace(/</g, '\\u003c');
  reply
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    // A COOP other than unsafe-none would cut this window off from the console that opened it.
    .header('cross-origin-opener-policy', 'unsafe-none')
    .type('text/html; charset=utf-8');
  return `<!doctype html><html lang="${escapeHtml(t.locale)}"><meta charset="utf-8"><title>${escapeHtml(t.t('signInPopup.title'))}</title><p>${escapeHtml(t.t('signInPopup.body'))}</p>
<script nonce="${nonce}">if (window.opener) { window.opener.postMessage(${payload}, ${JSON.stringify(origin)}); } window.close();</script>`;
}

/**
 * Federated sign-in run by the server (the SDK's own popup/redirect needs Google's
 * scripts, unreachable when self-hosted — NOTES.md). The console finishes with
 * `signInWithCredential`, which posts accounts:signInWithIdp.
 */
export async function federatedRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const origin = new URL(ctx.config.publicUrl).origin;
  const secure = ctx.config.publicUrl.startsWith('https:');

  app.get('/providers', async () => ({
    data: ctx.config.auth.oidcProviders.map((p) => ({
      id: p.provider_id,
      name: p.name,
      display_name: p.display_name,
    })),
  }));

  app.get('/:name/start', async (request, reply) => {
    const { name } = z.object({ name: z.string().max(40) }).parse(request.params);
    const query = z
      .object({
        mode: z.enum(['popup', 'redirect']).default('popup'),
        return_to: z.string().max(2000).optional(),
      })
      .parse(request.query);
    const { url, state } = await startFlow(ctx, {
      name,
      mode: query.mode as FlowMode,
      returnTo: safeReturnPath(query.return_to),
    });
    // Binds the flow to this browser: a callback arriving elsewhere (login CSRF) is refused.
    reply.header(
      'set-cookie',
      `${STATE_COOKIE}=${state}; Path=/auth/federated; HttpOnly; SameSite=Lax; Max-Age=600${secure ? '; Secure' : ''}`,
    );
    return reply.redirect(url, 302);
  });

  app.get('/:name/callback', async (request, reply) => {
    const { name } = z.object({ name: z.string().max(40) }).parse(request.params);
    const query = request.query as Record<string, string | undefined>;
    const state = query.state ?? '';
    const clearCookie = `${STATE_COOKIE}=; Path=/auth/federated; HttpOnly; SameSite=Lax; Max-Age=0`;
    reply.header('set-cookie', clearCookie);
    if (query.error) {
      const flow = state ? await abandonFlow(ctx, state) : undefined;
      const error = /^[a-z_]{1,40}$/.test(query.error) ? query.error : 'access_denied';
      if (flow?.mode === 'redirect') return reply.redirect(`${origin}/login#federated_error=${error}`, 302);
      return popupPage(reply, origin, { error }, request);
    }
    if (!state || readCookie(request.headers.cookie, STATE_COOKIE) !== state) {
      throw new AppError('bad_request', 'This sign-in was started in another browser. Start again.');
    }
    const currentUrl = new URL(request.url, ctx.config.publicUrl);
    const { handle, mode, returnTo } = await finishFlow(ctx, { name, currentUrl, state });
    if (mode === 'redirect')
      return reply.redirect(`${origin}${returnTo ?? '/login'}#federated=${handle}`, 302);
    return popupPage(reply, origin, { handle }, request);
  });

  app.post('/result', async (request) => {
    const body = z.strictObject({ handle: z.string().min(1).max(200) }).safeParse(request.body);
    if (!body.success) throw new AppError('validation_failed', 'Send {"handle": "…"}.');
    return collectHandle(ctx, body.data.handle);
  });
}
