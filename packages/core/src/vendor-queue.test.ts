import { createCallQueue, type Queued } from './vendor-queue';

type Log = string[];
const entry = (name: string, onDrop?: () => void): Queued<Log> => ({
  fn: (log) => void log.push(name),
  at: new Date(0),
  ...(onDrop && { onDrop }),
});
const flush = (queue: ReturnType<typeof createCallQueue<Log>>, log: Log = []) => {
  queue.flush(
    log,
    () => true,
    (e, client) => e.fn(client, e.at),
  );
  return log;
};

describe('createCallQueue', () => {
  it('runs the reset, then state in the order of its latest write, then events in call order', () => {
    const queue = createCallQueue<Log>(10);
    queue.event(entry('event 1'));
    queue.state('identify', entry('identify alice'));
    queue.state('groups', entry('group acme'));
    queue.event(entry('event 2'));
    queue.state('identify', entry('identify bob')); // moves after groups
    expect(queue.pending()).toBe(4);
    expect(flush(queue)).toEqual(['group acme', 'identify bob', 'event 1', 'event 2']);
    expect(queue.pending()).toBe(0);
  });

  it('keeps state once applied: unapply() makes all of it pending again, events are not kept', () => {
    const queue = createCallQueue<Log>(10);
    queue.state('user', entry('user carol'));
    queue.event(entry('log'));
    expect(flush(queue)).toEqual(['user carol', 'log']);
    expect(flush(queue)).toEqual([]);
    queue.unapply();
    expect(queue.pending()).toBe(1);
    expect(flush(queue)).toEqual(['user carol']);
  });

  it('dropEvents() drops the events only, telling each', () => {
    const queue = createCallQueue<Log>(10);
    const dropped = vi.fn();
    queue.state('user', entry('user carol'));
    queue.event(entry('a', dropped));
    queue.event(entry('b', dropped));
    expect(queue.dropEvents()).toBe(2);
    expect(dropped).toHaveBeenCalledTimes(2);
    expect(flush(queue)).toEqual(['user carol']);
  });

  it('clearState(reset): forgets every state, runs the reset once, before state written after it', () => {
    const queue = createCallQueue<Log>(10);
    queue.state('identify', entry('identify carol'));
    expect(flush(queue)).toEqual(['identify carol']);
    queue.clearState(entry('reset'));
    queue.state('identify', entry('identify dave'));
    expect(flush(queue)).toEqual(['reset', 'identify dave']);
    queue.unapply();
    expect(flush(queue)).toEqual(['identify dave']); // the reset ran once; carol is gone for good
  });

  it('clearState() without a reset keeps an earlier pending reset', () => {
    const queue = createCallQueue<Log>(10);
    queue.clearState(entry('reset'));
    queue.clearState();
    expect(flush(queue)).toEqual(['reset']);
  });

  it('a replaced or cleared state that never ran is told it was dropped; one that ran is not', () => {
    const queue = createCallQueue<Log>(10);
    const first = vi.fn();
    const applied = vi.fn();
    queue.state('identify', entry('alice', first));
    queue.state('identify', entry('bob', applied));
    expect(first).toHaveBeenCalledOnce();
    flush(queue);
    queue.clearState();
    expect(applied).not.toHaveBeenCalled();
  });

  it('bounds events, not state: the oldest event goes and the count says so', () => {
    const queue = createCallQueue<Log>(2);
    for (let i = 0; i < 5; i++) queue.state(`kind ${i}`, entry(`state ${i}`));
    expect([1, 2, 3].map((n) => queue.event(entry(`event ${n}`)))).toEqual([0, 0, 1]);
    expect(flush(queue)).toEqual(['state 0', 'state 1', 'state 2', 'state 3', 'state 4', 'event 2', 'event 3']);
  });

  it('stops midway when the SDK stops being usable, and goes on from there later', () => {
    const queue = createCallQueue<Log>(10);
    let usable = true;
    const revokes = (log: Log) => {
      log.push('revokes');
      usable = false;
    };
    queue.event({ fn: revokes, at: new Date(0) });
    queue.event(entry('later'));
    const log: Log = [];
    queue.flush(
      log,
      () => usable,
      (e, client) => e.fn(client, e.at),
    );
    expect(log).toEqual(['revokes']);
    usable = true;
    expect(flush(queue, log)).toEqual(['revokes', 'later']);
  });
});
