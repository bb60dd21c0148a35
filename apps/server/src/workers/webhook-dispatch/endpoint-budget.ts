/**
 * Rounds of sends held leased per endpoint (queued or in flight), so the next rounds are
 * ready while one is in flight: up to `maxRounds` for an endpoint that answers fast, down to
 * 2 for a slow one, whose queued deliveries would otherwise wait out their lease.
 */
export const MIN_ROUNDS = 2;

export interface EndpointBudgetOptions {
  /** Leased deliveries this sender holds in all, queued or in flight. */
  total: number;
  /** Sends in flight at once to one endpoint. */
  perEndpoint: number;
  /** Most rounds of sends an endpoint that answers fast may hold. */
  maxRounds: number;
  /** How long a claim is held: queued work should start well within it. */
  leaseMs: number;
}

/** What a claim or fan-out statement may lease to this sender, per endpoint. */
export interface LeaseRoom {
  /** Room per endpoint seen here; never negative. */
  endpointRoom: Map<string, number>;
  /** For an endpoint not seen here yet. */
  defaultRoom: number;
}

const bump = (m: Map<string, number>, key: string, by: number) => {
  const n = (m.get(key) ?? 0) + by;
  if (n <= 0) m.delete(key);
  else m.set(key, n);
};

/**
 * The dispatcher's endpoint budget: who holds what (leased deliveries queued or in flight per
 * endpoint, sends in flight per endpoint), each endpoint's answer time, and the room they leave.
 * A slow endpoint holds fewer rounds, so one slow receiver cannot starve the others and its
 * queued deliveries do not wait out their lease.
 */
export class EndpointBudget {
  readonly total: number;
  readonly perEndpoint: number;
  readonly defaultRoom: number;
  private readonly maxRounds: number;
  private readonly leaseMs: number;
  private readonly heldBy = new Map<string, number>();
  private readonly sendingTo = new Map<string, number>();
  /** Each endpoint's recent answer time (exponentially weighted), which sets how much it may hold. */
  private readonly answerMs = new Map<string, number>();
  private held = 0;

  constructor(opts: EndpointBudgetOptions) {
    this.total = opts.total;
    this.perEndpoint = opts.perEndpoint;
    this.maxRounds = opts.maxRounds;
    this.leaseMs = opts.leaseMs;
    this.defaultRoom = opts.perEndpoint * MIN_ROUNDS;
  }

  /** Leased deliveries this sender may still take, all endpoints together. */
  room(): number {
    return this.total - this.held;
  }

  /** Room for a good batch (a quarter of what this sender holds): small ones are not worth a statement. */
  roomForABatch(): boolean {
    return this.room() >= this.total / 4;
  }

  /** How many leased deliveries the endpoint may hold here, from how fast it answers. */
  depthFor(endpointId: string): number {
    const ms = this.answerMs.get(endpointId);
    if (ms === undefined) return this.defaultRoom;
    // Queued work for this endpoint should take at most a quarter of the lease to start.
    const rounds = Math.floor(this.leaseMs / 4 / Math.max(ms, 1));
    return this.perEndpoint * Math.min(this.maxRounds, Math.max(MIN_ROUNDS, rounds));
  }

  roomFor(endpointId: string): number {
    return this.depthFor(endpointId) - (this.heldBy.get(endpointId) ?? 0);
  }

  /** Endpoints holding all they may here: a claim does not even read their rows. */
  busyEndpoints(): string[] {
    return [...this.heldBy.keys()].filter((id) => this.roomFor(id) <= 0);
  }

  leaseRoom(): LeaseRoom {
    const endpointRoom = new Map<string, number>();
    for (const id of new Set([...this.answerMs.keys(), ...this.heldBy.keys()]))
      endpointRoom.set(id, Math.max(0, this.roomFor(id)));
    return { endpointRoom, defaultRoom: this.defaultRoom };
  }

  /** A leased delivery joins this sender (queued). */
  hold(endpointId: string) {
    bump(this.heldBy, endpointId, 1);
    this.held++;
  }

  /** A leased delivery leaves this sender: sent and finished, or given back. */
  release(endpointId: string) {
    bump(this.heldBy, endpointId, -1);
    this.held--;
  }

  /** Whether another send to the endpoint may start now. */
  maySendTo(endpointId: string): boolean {
    return (this.sendingTo.get(endpointId) ?? 0) < this.perEndpoint;
  }

  sendStarted(endpointId: string) {
    bump(this.sendingTo, endpointId, 1);
  }

  sendEnded(endpointId: string) {
    bump(this.sendingTo, endpointId, -1);
  }

  noteAnswer(endpointId: string, ms: number) {
    const before = this.answerMs.get(endpointId);
    if (before === undefined && this.answerMs.size >= 10_000) this.answerMs.clear();
    this.answerMs.set(endpointId, before === undefined ? ms : before * 0.9 + ms * 0.1);
  }
}
