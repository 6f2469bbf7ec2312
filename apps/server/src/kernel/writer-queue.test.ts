import { describe, expect, it } from 'vitest';
import {
  WriterQueue,
  type BatchWrite,
  type QueuedCommand,
  type WriterQueueOptions,
} from './writer-queue';

class Busy extends Error {}

/** A promise settled from outside, as a write that commits when the test says so. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const turn = () => new Promise<void>((r) => setImmediate(r));

/**
 * A host that answers each number with its double, refuses negatives, and
 * records what happens in order; each batch's write commits when the test
 * settles it.
 */
function host(options: Partial<WriterQueueOptions<number, number>> = {}) {
  const log: string[] = [];
  const writes: Array<ReturnType<typeof deferred>> = [];
  const batches: number[][] = [];
  const queue = new WriterQueue<number, number>({
    name: 'test',
    maxBatch: 100,
    maxQueue: 100,
    busy: () => new Busy('busy'),
    notStarted: () => new Error('not started'),
    async run(batch: QueuedCommand<number, number>[]): Promise<BatchWrite<number, number>> {
      const commands = batch.map((q) => q.command);
      batches.push(commands);
      log.push(`run ${commands.join(',')}`);
      for (const q of batch) {
        if (q.command < 0) q.error = new Error(`refused ${q.command}`);
        else q.result = q.command * 2;
      }
      const write = deferred();
      writes.push(write);
      return {
        committed: write.promise,
        // Logged after the callers' own reactions to their answers, which were queued before.
        publish: () => queueMicrotask(() => log.push(`publish ${commands.join(',')}`)),
      };
    },
    async rebuild() {
      log.push('rebuild');
    },
    ...options,
  });
  queue.open();
  /** Submits and records the answer in the log. */
  const submit = (n: number) =>
    queue.submit(n).then(
      (r) => void log.push(`answer ${n}=${r}`),
      (e: unknown) => void log.push(`refuse ${n} ${e instanceof Busy ? 'busy' : String(e)}`),
    );
  return { queue, log, writes, batches, submit };
}

describe('the writer queue', () => {
  it('takes the commands of one turn into one batch, and later ones into the next', async () => {
    const h = host();
    const first = [h.submit(1), h.submit(2), h.submit(3)];
    await turn();
    const later = h.submit(4);
    await turn();
    expect(h.batches).toEqual([[1, 2, 3]]);
    h.writes[0]?.resolve();
    await Promise.all(first);
    await turn();
    expect(h.batches).toEqual([[1, 2, 3], [4]]);
    h.writes[1]?.resolve();
    await later;
    await h.queue.idle();
  });

  it('takes at most maxBatch commands into one batch', async () => {
    const h = host({ maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => h.submit(n));
    for (let i = 0; i < 3; i += 1) {
      await turn();
      h.writes[i]?.resolve();
    }
    await Promise.all(all);
    expect(h.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('refuses a command beyond the bound as busy, at once', async () => {
    const h = host({ maxQueue: 2 });
    const all = [h.submit(1), h.submit(2), h.submit(3)];
    await all[2];
    expect(h.log).toEqual(['refuse 3 busy']);
    await turn();
    h.writes[0]?.resolve();
    await Promise.all(all);
    expect(h.log).toEqual(['refuse 3 busy', 'run 1,2', 'answer 1=2', 'answer 2=4', 'publish 1,2']);
  });

  it('refuses every command before it is opened', async () => {
    const queue = new WriterQueue<number, number>({
      name: 'test',
      maxBatch: 1,
      maxQueue: 1,
      busy: () => new Busy('busy'),
      notStarted: () => new Error('not started'),
      run: () => Promise.reject(new Error('never runs')),
      rebuild: () => Promise.resolve(),
    });
    await expect(queue.submit(1)).rejects.toThrow('not started');
  });

  it('answers only after the commit, in order, refusals too, and publishes after answering', async () => {
    const h = host();
    const all = [h.submit(1), h.submit(-1), h.submit(2)];
    await turn();
    await turn();
    expect(h.log).toEqual(['run 1,-1,2']);
    h.writes[0]?.resolve();
    await Promise.all(all);
    expect(h.log).toEqual([
      'run 1,-1,2',
      'answer 1=2',
      'refuse -1 Error: refused -1',
      'answer 2=4',
      'publish 1,-1,2',
    ]);
  });

  it('answers a batch whose commit fails as busy, and rebuilds before the next batch', async () => {
    const h = host();
    const failed = [h.submit(1), h.submit(2)];
    await turn();
    const next = h.submit(3);
    h.writes[0]?.reject(new Error('disk full'));
    await Promise.all(failed);
    await turn();
    h.writes[1]?.resolve();
    await next;
    expect(h.log).toEqual([
      'run 1,2',
      'refuse 1 busy',
      'refuse 2 busy',
      'rebuild',
      'run 3',
      'answer 3=6',
      'publish 3',
    ]);
  });

  it('answers a batch that fails to run as busy, and rebuilds before the next batch', async () => {
    let runs = 0;
    const log: string[] = [];
    const queue = new WriterQueue<number, number>({
      name: 'test',
      maxBatch: 10,
      maxQueue: 10,
      busy: () => new Busy('busy'),
      notStarted: () => new Error('not started'),
      async run(batch) {
        runs += 1;
        if (runs === 1) throw new Error('store unreachable');
        for (const q of batch) q.result = q.command;
        return { committed: Promise.resolve(), publish: () => undefined };
      },
      async rebuild() {
        log.push('rebuild');
      },
      onError: (_err, what) => log.push(what),
    });
    queue.open();
    await expect(queue.submit(1)).rejects.toBeInstanceOf(Busy);
    await expect(queue.submit(2)).resolves.toBe(2);
    expect(log).toEqual(['test batch failed; rebuilding from the store', 'rebuild']);
  });

  it('refuses what waits, and everything after, when it cannot rebuild', async () => {
    const h = host({
      rebuild: () => Promise.reject(new Error('store gone')),
    });
    const failed = h.submit(1);
    await turn();
    const waiting = h.submit(2);
    h.writes[0]?.reject(new Error('disk full'));
    await Promise.all([failed, waiting]);
    await h.queue.idle();
    expect(h.log).toEqual(['run 1', 'refuse 1 busy', 'refuse 2 busy']);
    await expect(h.queue.submit(3)).rejects.toThrow('not started');
  });

  describe('pipelined', () => {
    const pipelined = (maxInFlight: number) =>
      host({ pipeline: { maxInFlight, allows: (batch) => batch.every((q) => q.command !== 0) } });

    it('runs a batch while the ones before it commit, up to the bound, and answers in commit order', async () => {
      const h = pipelined(2);
      const all = [h.submit(1)];
      await turn();
      all.push(h.submit(2));
      await turn();
      await turn();
      all.push(h.submit(3));
      await turn();
      await turn();
      // Two writes in flight: the third batch waits for the first commit.
      expect(h.batches).toEqual([[1], [2]]);
      h.writes[0]?.resolve();
      await all[0];
      await turn();
      expect(h.batches).toEqual([[1], [2], [3]]);
      h.writes[1]?.resolve();
      h.writes[2]?.resolve();
      await Promise.all(all);
      expect(h.log).toEqual([
        'run 1',
        'run 2',
        'answer 1=2',
        'publish 1',
        'run 3',
        'answer 2=4',
        'publish 2',
        'answer 3=6',
        'publish 3',
      ]);
    });

    it('starts a batch once startAt commands wait, within the turn, idle or with writes in flight', async () => {
      const h = host({ pipeline: { maxInFlight: 4, allows: () => true, startAt: 2 } });
      // Each request is read in a callback of its own, with the microtasks run after it.
      const callback = async () => {
        for (let i = 0; i < 10; i += 1) await null;
      };
      const all = [h.submit(1)];
      await callback();
      expect(h.batches).toEqual([]);
      all.push(h.submit(2));
      await callback();
      // Two wait: they go at once, not at the end of the turn.
      expect(h.batches).toEqual([[1, 2]]);
      await turn();
      // With a write in flight the loop waits on it; a full batch wakes it within the turn too.
      all.push(h.submit(3));
      await callback();
      expect(h.batches).toEqual([[1, 2]]);
      all.push(h.submit(4));
      await callback();
      expect(h.batches).toEqual([
        [1, 2],
        [3, 4],
      ]);
      all.push(h.submit(5));
      await callback();
      expect(h.batches).toEqual([
        [1, 2],
        [3, 4],
      ]);
      await turn();
      expect(h.batches).toEqual([[1, 2], [3, 4], [5]]);
      for (const write of h.writes) write.resolve();
      await Promise.all(all);
      expect(h.log.filter((l) => l.startsWith('answer'))).toEqual(
        [1, 2, 3, 4, 5].map((n) => `answer ${n}=${n * 2}`),
      );
    });

    it('waits for every write in flight before a batch that may not be pipelined', async () => {
      const h = pipelined(4);
      const first = h.submit(1);
      await turn();
      const alone = h.submit(0);
      await turn();
      await turn();
      expect(h.batches).toEqual([[1]]);
      h.writes[0]?.resolve();
      await first;
      await turn();
      expect(h.batches).toEqual([[1], [0]]);
      h.writes[1]?.resolve();
      await alone;
    });

    it('fails every batch in flight after a failed one, then rebuilds once before the next', async () => {
      const h = pipelined(4);
      const first = h.submit(1);
      await turn();
      const second = h.submit(2);
      await turn();
      await turn();
      expect(h.batches).toEqual([[1], [2]]);
      const third = h.submit(3);
      // The writer fails what was sent after a failed write.
      h.writes[0]?.reject(new Error('disk full'));
      h.writes[1]?.reject(new Error('after a failed write'));
      await Promise.all([first, second]);
      await turn();
      await turn();
      h.writes[2]?.resolve();
      await third;
      expect(h.log.filter((l) => l === 'rebuild')).toHaveLength(1);
      expect(h.log.indexOf('rebuild')).toBeLessThan(h.log.indexOf('run 3'));
      expect(h.log).toContain('refuse 1 busy');
      expect(h.log).toContain('refuse 2 busy');
      expect(h.log).toContain('answer 3=6');
    });

    it('runs the commands a batch sends back again first, in the next batch', async () => {
      const sentBack: boolean[] = [];
      let round = 0;
      const log: string[] = [];
      const queue = new WriterQueue<number, number>({
        name: 'test',
        maxBatch: 10,
        maxQueue: 10,
        busy: () => new Busy('busy'),
        notStarted: () => new Error('not started'),
        pipeline: { maxInFlight: 4, allows: () => true },
        async run(batch) {
          round += 1;
          log.push(`run ${batch.map((q) => q.command).join(',')}`);
          const again = new Set<QueuedCommand<number, number>>();
          for (const q of batch) {
            sentBack.push(q.requeued === true);
            if (q.command === 2 && round === 1) again.add(q);
            else q.result = q.command;
          }
          return { committed: Promise.resolve(), again, publish: () => undefined };
        },
        rebuild: () => Promise.resolve(),
      });
      queue.open();
      const all = [queue.submit(1), queue.submit(2), queue.submit(3)];
      await turn();
      const late = queue.submit(4);
      await expect(Promise.all([...all, late])).resolves.toEqual([1, 2, 3, 4]);
      expect(log[0]).toBe('run 1,2,3');
      expect(log[1]?.startsWith('run 2')).toBe(true);
      expect(sentBack.slice(0, 4)).toEqual([false, false, false, true]);
    });
  });

  it('is idle once every command has been answered', async () => {
    const h = host();
    const all = [h.submit(1), h.submit(2)];
    await turn();
    let idle = false;
    const waiting = h.queue.idle().then(() => (idle = true));
    await turn();
    expect(idle).toBe(false);
    h.writes[0]?.resolve();
    await waiting;
    await Promise.all(all);
    expect(h.log).toContain('answer 2=4');
  });
});
