import { describe, expect, it } from 'vitest';
import { EndpointBudget, MIN_ROUNDS } from './endpoint-budget';

const budget = () => new EndpointBudget({ total: 64, perEndpoint: 4, maxRounds: 4, leaseMs: 60_000 });

describe('the webhook endpoint budget', () => {
  it('lets an endpoint not heard from yet hold two rounds, and counts what it holds', () => {
    const b = budget();
    expect(b.roomFor('a')).toBe(4 * MIN_ROUNDS);
    for (let i = 0; i < 8; i++) b.hold('a');
    expect(b.roomFor('a')).toBe(0);
    expect(b.busyEndpoints()).toEqual(['a']);
    expect(b.room()).toBe(56);
    b.release('a');
    expect(b.roomFor('a')).toBe(1);
    expect(b.busyEndpoints()).toEqual([]);
  });

  it('gives a fast endpoint up to maxRounds and a slow one down to two rounds', () => {
    const b = budget();
    b.noteAnswer('fast', 5);
    b.noteAnswer('slow', 20_000);
    expect(b.depthFor('fast')).toBe(16);
    expect(b.depthFor('slow')).toBe(8);
    // Answer times are smoothed: one fast answer barely moves a slow endpoint.
    b.noteAnswer('slow', 5);
    expect(b.depthFor('slow')).toBe(8);
    expect(b.leaseRoom()).toEqual({
      endpointRoom: new Map([
        ['fast', 16],
        ['slow', 8],
      ]),
      defaultRoom: 8,
    });
  });

  it('caps the sends in flight per endpoint', () => {
    const b = budget();
    for (let i = 0; i < 4; i++) b.sendStarted('a');
    expect(b.maySendTo('a')).toBe(false);
    expect(b.maySendTo('b')).toBe(true);
    b.sendEnded('a');
    expect(b.maySendTo('a')).toBe(true);
  });

  it('asks for a batch only with a quarter of its room free', () => {
    const b = budget();
    for (let i = 0; i < 48; i++) b.hold(`e${i}`);
    expect(b.roomForABatch()).toBe(true);
    b.hold('one more');
    expect(b.roomForABatch()).toBe(false);
  });
});
