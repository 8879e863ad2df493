import { openTabs, type TabMessage } from './tabs';

/** The next message `onMessage` hears, or the test's timeout: awaiting the event, never a sleep. */
function listener() {
  const heard: TabMessage[] = [];
  let next: ((message: TabMessage) => void) | undefined;
  return {
    heard,
    onMessage: (message: TabMessage) => {
      heard.push(message);
      next?.(message);
    },
    next: () =>
      new Promise<TabMessage>((resolve) => {
        next = resolve;
      }),
  };
}

describe('cross-tab messages', () => {
  it('one tab tells the others of the same clientId, not itself and not another client', async () => {
    const a = listener();
    const b = listener();
    const other = listener();
    const tabA = openTabs('tabs-test', a.onMessage);
    const tabB = openTabs('tabs-test', b.onMessage);
    const elsewhere = openTabs('tabs-test-other', other.onMessage);
    const arrived = b.next();
    tabA?.post('signedOut');
    await expect(arrived).resolves.toBe('signedOut');
    const back = a.next();
    tabB?.post('signedIn');
    await expect(back).resolves.toBe('signedIn');
    expect(a.heard).toEqual(['signedIn']);
    expect(b.heard).toEqual(['signedOut']);
    expect(other.heard).toEqual([]);
    for (const tabs of [tabA, tabB, elsewhere]) tabs?.close();
  });

  it('ignores anything else on the channel', async () => {
    const a = listener();
    const tabA = openTabs('tabs-junk', a.onMessage);
    const raw = new BroadcastChannel('plinth.auth:tabs-junk');
    const arrived = a.next();
    raw.postMessage(null);
    raw.postMessage({ type: 'loading' });
    raw.postMessage('signedOut');
    raw.postMessage({ type: 'signedOut' }); // in order after the others: when it arrives, they were ignored
    await expect(arrived).resolves.toBe('signedOut');
    expect(a.heard).toEqual(['signedOut']);
    raw.close();
    tabA?.close();
  });

  it('none where there is no BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    expect(openTabs('tabs-none', () => {})).toBeNull();
  });
});
