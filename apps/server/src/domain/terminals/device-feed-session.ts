import { isFinalTransactionStatus } from '@scanline/contracts/payment-constants';
import { isDatabaseUnavailable } from '../../platform/database-unavailable';
import type { Db } from '../../platform/db';
import type { TransactionRow } from '../transactions/transition-transaction';
import { authenticateDevice, type DeviceCaller } from './authenticate-device';
import { type FeedItem, feedItem, feedTerminal, missedFeedItems, openFeedItems } from './device-feed';
import type { TerminalRow } from './terminal-rows';

/** Transactions a stream remembers having sent (it forgets the oldest finished ones first). */
const SENT_KEPT = 500;

/** What the device stream sends next; `id` is the event id (a client's Last-Event-ID). */
export type DeviceFeedEvent =
  | { kind: 'transaction'; row: TransactionRow; id: string }
  /** The terminal was edited, or disabled or unpaired (an `end` follows). */
  | { kind: 'terminal'; terminal: TerminalRow; id: string }
  /** The stream is over: the terminal is gone, disabled or unpaired, or reading failed. */
  | { kind: 'end' };

export interface DeviceFeedSessionOptions {
  db: Db;
  device: DeviceCaller;
  /** The device token the stream was opened with: a terminal change checks it still holds. */
  token: string;
  /** The Last-Event-ID the device reconnected with: what was missed after it is sent again. */
  since?: string;
  emit: (event: DeviceFeedEvent) => void;
  /** The clock (the app's `ctx.now`): how far back a catch-up after an outage looks. */
  now?: () => Date;
}

/**
 * One device stream's feed: which transaction changes it sent, how far its event
 * ids reached, how the terminal looked. Reads run one at a time: a hint that arrives while
 * reading waits for the pass before it. The caller connects the change bus to it and its events
 * to the stream.
 */
export class DeviceFeedSession {
  private readonly opts: DeviceFeedSessionOptions;
  /** The furthest event id sent: ids only grow, so a Last-Event-ID is the furthest point reached. */
  private cursor = 0;
  /** What this stream sent of each transaction: the latest change, and whether it was final. */
  private readonly sent = new Map<string, { changeId: number; final: boolean }>();
  /** The terminal's label and location as last seen, so only real edits are announced. */
  private shown: Pick<TerminalRow, 'label' | 'location'> | null = null;
  private busy: Promise<void> = Promise.resolve();
  /** A read failed because the database was away (a failover): the next resync catches up. */
  private behind = false;

  constructor(opts: DeviceFeedSessionOptions) {
    this.opts = opts;
    if (opts.since) this.cursor = Number(opts.since);
  }

  /** The first pass: open transactions, then what was missed after `since`. */
  open(now: Date): Promise<void> {
    return this.serially(async () => {
      const { db, device, since } = this.opts;
      const terminal = await feedTerminal(db, device);
      this.shown = terminal ? { label: terminal.label, location: terminal.location } : null;
      for (const item of await openFeedItems(db, device)) this.send(item);
      if (since)
        for (const item of await missedFeedItems(db, { device, afterChangeId: Number(since), now }))
          this.send(item);
    });
  }

  /** A transaction naming this terminal changed. */
  transactionChanged(id: string): Promise<void> {
    return this.serially(async () => {
      const item = await feedItem(this.opts.db, this.opts.device, id);
      // A change to a transaction that was already final (a refund) is not the terminal's.
      if (item && !(isFinalTransactionStatus(item.fromStatus) && !this.sent.has(item.row.id)))
        this.send(item);
    });
  }

  /** The terminal changed: an edit is announced; disabled or unpaired ends the stream. */
  terminalChanged(): Promise<void> {
    return this.serially(async () => {
      const { db, device, token, emit } = this.opts;
      const terminal = await feedTerminal(db, device);
      const revoked = await authenticateDevice(db, token).then(
        () => false,
        () => true,
      );
      if (!terminal) return emit({ kind: 'end' });
      if (revoked || terminal.status === 'disabled') {
        emit({ kind: 'terminal', terminal, id: String(this.cursor) });
        return emit({ kind: 'end' });
      }
      const shown = this.shown;
      if (shown && (shown.label !== terminal.label || shown.location !== terminal.location)) {
        emit({ kind: 'terminal', terminal, id: String(this.cursor) });
      }
      this.shown = { label: terminal.label, location: terminal.location };
    });
  }

  /** Open transactions, and those this stream showed as open (a missed hint may have finished them). */
  resync(): Promise<void> {
    return this.serially(async () => {
      const { db, device } = this.opts;
      if (this.behind) {
        // Hints lost while the database was away: whatever changed after the last event sent.
        const now = this.opts.now?.() ?? new Date();
        for (const item of await missedFeedItems(db, { device, afterChangeId: this.cursor, now }))
          this.send(item);
        this.behind = false;
      }
      const open = await openFeedItems(db, device);
      for (const item of open) this.send(item);
      const openIds = new Set(open.map((i) => i.row.id));
      for (const [id, s] of [...this.sent]) {
        if (s.final || openIds.has(id)) continue;
        const item = await feedItem(db, device, id);
        if (item) this.send(item);
      }
    });
  }

  /**
   * One reader at a time. A read that failed because the database is away (a restart, a
   * failover) keeps the stream open: the device stays connected and the next resync (the
   * stream's poll, or the bus listening again) sends what it missed. Any other failure ends it.
   */
  private serially(work: () => Promise<void>): Promise<void> {
    this.busy = this.busy.then(work).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) this.behind = true;
      else this.opts.emit({ kind: 'end' });
    });
    return this.busy;
  }

  private send(item: FeedItem) {
    const before = this.sent.get(item.row.id);
    if (before && before.changeId >= item.changeId) return;
    this.sent.delete(item.row.id);
    this.sent.set(item.row.id, { changeId: item.changeId, final: isFinalTransactionStatus(item.row.status) });
    // Bounded memory on a stream that lives for days: the oldest finished ones go first.
    if (this.sent.size > SENT_KEPT) {
      for (const [id, s] of this.sent) {
        if (this.sent.size <= SENT_KEPT) break;
        if (s.final) this.sent.delete(id);
      }
    }
    this.cursor = Math.max(this.cursor, item.changeId);
    this.opts.emit({ kind: 'transaction', row: item.row, id: String(this.cursor) });
  }
}
