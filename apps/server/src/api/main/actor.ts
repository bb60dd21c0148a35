import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../domain/actor';
import { AppError } from '../../platform/errors';

/** The domain's view of the caller, from the authenticated request. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = request.auth;
  if (!auth) throw new AppError('unauthenticated', 'Sign in, or send an API key, to use this API.');
  if (auth.kind === 'api_key') return { ...auth, ip: request.ip };
  return {
    kind: 'user',
    uid: auth.uid,
    email: auth.profile?.email ?? auth.email,
    emailVerified: auth.profile?.emailVerified ?? auth.emailVerified,
    ip: request.ip,
    secondFactor: auth.secondFactor !== null,
  };
}

/** Routes for people only (businesses, invitations, transfer): an API key gets 403. */
export function userActorOf(request: FastifyRequest): Extract<Actor, { kind: 'user' }> {
  const actor = actorOf(request);
  if (actor.kind !== 'user')
    throw new AppError('forbidden', 'This route needs a signed-in user, not an API key.');
  return actor;
}
