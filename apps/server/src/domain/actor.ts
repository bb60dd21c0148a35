/** Who performs a domain action; route handlers build it from the authenticated request. */
export type Actor =
  | { kind: 'user'; uid: string; email: string | null; emailVerified: boolean; ip: string | null }
  | { kind: 'api_key'; keyId: string; projectId: string; mode: 'read' | 'write'; ip: string | null };

export const actorId = (actor: Actor) => (actor.kind === 'user' ? actor.uid : actor.keyId);
