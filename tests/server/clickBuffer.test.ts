import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClickBuffer, type ClickBufferOptions, type ClickRow } from '../../server/clicks/ClickBuffer.ts';
import { TtlCache } from '../../server/clicks/TtlCache.ts';

const row = (n: number): ClickRow => ({
  mandant_id: 'alpha',
  recommendation_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  channel: 'email',
  empfaengernummer: null,
  clicked_at: new Date(0),
});

function buffer(overrides: Partial<ClickBufferOptions> = {}) {
  const batches: ClickRow[][] = [];
  const errors: number[] = [];
  const clicks = new ClickBuffer({
    write: async (rows) => {
      batches.push([...rows]);
    },
    flushIntervalMs: 200,
    maxBatch: 100,
    retryDelayMs: 1_000,
    onError: (_error, pending) => errors.push(pending),
    ...overrides,
  });
  return { clicks, batches, errors };
}

// DESIGN "Scale": click rows batched, flushed at least every 200 ms and on shutdown, never a synchronous
// insert per click.
describe('ClickBuffer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes nothing while recording, then everything in one batch after the flush interval', async () => {
    const { clicks, batches } = buffer();
    for (let n = 0; n < 42; n++) clicks.record(row(n));
    expect(batches).toHaveLength(0);
    expect(clicks.pending).toBe(42);
    await vi.advanceTimersByTimeAsync(199);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(42);
    expect(clicks.pending).toBe(0);
  });

  it('arms no timer while empty, and a new timer for clicks after a flush', async () => {
    const { clicks, batches } = buffer();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches).toHaveLength(0);
    clicks.record(row(1));
    await vi.advanceTimersByTimeAsync(200);
    clicks.record(row(2));
    await vi.advanceTimersByTimeAsync(200);
    expect(batches.map((batch) => batch.length)).toEqual([1, 1]);
  });

  it('writes at once when a batch is full, in batches of at most maxBatch rows', async () => {
    const { clicks, batches } = buffer({ maxBatch: 10 });
    for (let n = 0; n < 25; n++) clicks.record(row(n));
    await clicks.flush();
    expect(batches.map((batch) => batch.length)).toEqual([10, 10, 5]);
  });

  it('keeps the rows of a failed write and writes them with the retry, in their order', async () => {
    let fail = true;
    const batches: ClickRow[][] = [];
    const { clicks, errors } = buffer({
      write: async (rows) => {
        if (fail) throw new Error('database down');
        batches.push([...rows]);
      },
    });
    clicks.record(row(1));
    clicks.record(row(2));
    await vi.advanceTimersByTimeAsync(200);
    expect(errors).toEqual([2]);
    expect(clicks.pending).toBe(2);
    clicks.record(row(3));
    fail = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((click) => click.recommendation_id.slice(-1))).toEqual(['1', '2', '3']);
    expect(clicks.pending).toBe(0);
  });

  it('writes what is left on close', async () => {
    const { clicks, batches } = buffer();
    clicks.record(row(1));
    await clicks.close();
    expect(batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches).toHaveLength(1);
  });

  it('never writes two batches at the same time', async () => {
    let running = 0;
    let overlap = false;
    const { clicks } = buffer({
      maxBatch: 5,
      write: async () => {
        running += 1;
        overlap ||= running > 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
      },
    });
    for (let n = 0; n < 20; n++) clicks.record(row(n));
    const done = clicks.flush();
    await vi.advanceTimersByTimeAsync(100);
    await done;
    expect(overlap).toBe(false);
  });
});

describe('TtlCache', () => {
  it('forgets entries after the TTL and the least recently used one when full', () => {
    let now = 0;
    const cache = new TtlCache<string>(2, 100, () => now);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('c', 'C'); // evicts b
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    now = 100;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('keeps null as a value (an unknown number is cached too)', () => {
    const cache = new TtlCache<string | null>(10, 1_000);
    cache.set('x', null);
    expect(cache.get('x')).toBeNull();
  });
});
