/** Who performs a domain action; route handlers build it from the authenticated request. */
export type Actor =
  | {
      kind: 'user';
      uid: string;
      email: string | null;
      emailVerified: boolean;
      ip: string | null;
      /** Whether this session passed a second factor: projects that require it refuse those that did not. */
      secondFactor: boolean;
    }
  | { kind: 'api_key'; keyId: string; projectId: string; mode: 'read' | 'write'; ip: string | null };

export const actorId = (actor: Actor) => (actor.kind === 'user' ? actor.uid : actor.keyId);
