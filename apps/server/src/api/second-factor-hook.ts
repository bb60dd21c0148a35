import type { FastifyInstance } from 'fastify';
import { checkSecondFactorGate } from '../domain/projects/second-factor-gate';

/** The project a route is about: its `:project_id` (every API names it so). */
function projectIdOf(url: string, params: unknown): string | undefined {
  const p = (params ?? {}) as Record<string, unknown>;
  return url.includes('/projects/:project_id') && typeof p.project_id === 'string' ? p.project_id : undefined;
}

/**
 * Before validation: a person whose session skipped the second factor gets 403
 * `mfa_required` from every route of a project that requires it. API keys and device tokens
 * are not people and pass.
 */
export function requireSecondFactorWhereDemanded(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const auth = request.auth;
    if (auth?.kind !== 'user' || auth.secondFactor) return;
    const url = (request.routeOptions.url ?? '').replace(/^\/(api|terminal)\/v1/, '');
    const projectId = projectIdOf(url, request.params);
    if (!projectId) return;
    await checkSecondFactorGate(app.ctx.database.db, {
      caller: { uid: auth.uid, secondFactor: false },
      projectId,
      nowMs: app.ctx.now().getTime(),
    });
  });
}
