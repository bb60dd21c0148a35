import type { Db } from '../../platform/db';
import { advancePosition, eventsAfter, type FeedEvent, type FeedPosition } from './event-feed';

/**
 * How long an event read stays "recent". `seq` is taken at insert and a transaction commits
 * later, so an event with a lower `seq` can become visible after one with a higher: the reader
 * keeps looking below the events it read this recently, and skips those it already sent.
 */
const SETTLE_MS = 10_000;
const BATCH = 500;

/**
 * Reads a project's events in order, from a position, each once for as long as the reader
 * lives: the read side of `GET …/events/stream`. Call `read()` on every hint and poll (calls
 * must not overlap), again at once while it says `more`.
 */
export function eventFeedReader(
  db: Db,
  { projectId, start, clock = Date.now }: { projectId: string; start: FeedPosition; clock?: () => number },
) {
  let settled = start;
  /** Events read after `settled`, by id, with when they were read. */
  const recent = new Map<string, { event: FeedEvent; readAt: number }>();

  const settle = (now: number) => {
    const bySeq = [...recent.values()].sort((a, b) => a.event.seq - b.event.seq);
    for (const r of bySeq) {
      // An event written long ago (a replay) is settled as soon as read: whatever was written before it committed since.
      if (now - Math.min(r.readAt, r.event.createdAt.getTime()) < SETTLE_MS) break;
      settled = advancePosition(settled, r.event);
      recent.delete(r.event.id);
    }
  };

  return {
    /** The next events not read yet, at most a batch; `more` when another read has some at once. */
    async read(): Promise<{ events: FeedEvent[]; more: boolean }> {
      const now = clock();
      settle(now);
      const events = await eventsAfter(db, {
        projectId,
        position: settled,
        exclude: [...recent.keys()],
        limit: BATCH,
      });
      for (const event of events) recent.set(event.id, { event, readAt: now });
      return { events, more: events.length === BATCH };
    },
  };
}
