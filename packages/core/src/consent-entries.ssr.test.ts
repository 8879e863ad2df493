// @vitest-environment node
// Consent's entries on a server (a server render imports the module that creates the store and connects it):
// importing and calling them touches no `window`, reports nothing, and leaves every category pending.
import { channel } from './channel';
import { createConsent } from './consent';
import { connectConsentMode } from './consent-mode';
import { connectGpp } from './gpp';
import { recordConsent } from './records';
import { connectTcf } from './tcf';

it('tcf, gpp, consent-mode and records are inert on the server', () => {
  expect(typeof window).toBe('undefined');
  const reports = vi.fn();
  const off = channel.on('report', reports);
  const warn = vi.spyOn(console, 'warn');
  const store = createConsent({ categories: ['analytics', 'monitoring', 'functional', 'advertising'] });
  const records = vi.fn();
  const stops = [
    connectTcf(store),
    connectGpp(store, { categories: ['advertising'] }),
    connectConsentMode(store),
    recordConsent(store, records),
  ];
  for (const stop of stops) stop();
  off();
  expect(reports).not.toHaveBeenCalled();
  expect(warn).not.toHaveBeenCalled();
  expect(records).not.toHaveBeenCalled();
  expect(Object.values(store.getState())).toEqual(['pending', 'pending', 'pending', 'pending']);
});
