import { scrubUrl, scrubValue } from '@plinth/core';
// posthog-js ships its recorder's sampling as CommonJS beside its bundles (no exports map to refuse the path).
import { sampleOnProperty } from 'posthog-js/lib/src/extensions/sampling.js';
import { maskText, replayPrivacy, sessionSampled } from './replay';

const scrub = { text: (t: string) => scrubValue(t), url: (u: string) => scrubUrl(u) };

describe('replayPrivacy: stronger defaults than posthog-js', () => {
  document.body.innerHTML = `
    <p id="hidden">Secret</p>
    <section data-shown><p id="shown">Mail jane@example.com</p><input id="typed" /><input id="pw" type="password" /></section>
    <img id="photo" alt="Jane" /><img id="logo" class="brand" alt="Logo" />`;
  const $ = (id: string) => document.getElementById(id);

  it('masks all text and inputs by default; what the app unmasks is scrubbed; passwords never shown', () => {
    const none = replayPrivacy({}, scrub);
    expect(none).toMatchObject({ maskAllInputs: true, maskTextSelector: '*' });
    expect(none.maskTextFn('Mail jane@example.com', $('shown'))).toBe('**** ****************');
    expect(none.maskInputFn('typed', $('typed'))).toBe('*****');

    const some = replayPrivacy({ unmask: '[data-shown]' }, scrub);
    expect(some.maskTextFn('Secret', $('hidden'))).toBe('******');
    expect(some.maskTextFn('Mail jane@example.com', $('shown'))).toBe('Mail [redacted]');
    expect(some.maskInputFn('typed', $('typed'))).toBe('typed');
    expect(some.maskInputFn('hunter2', $('pw'))).toBe('*******');
  });

  it('masks words in attributes, scrubs addresses, keeps the rest', () => {
    const privacy = replayPrivacy({}, scrub);
    expect(privacy.maskAttributeFn('alt', 'Jane', $('photo'))).toBe('****');
    expect(privacy.maskAttributeFn('href', '/cb?code=abc&page=2', $('hidden'))).toBe('/cb?page=2');
    expect(privacy.maskAttributeFn('class', 'brand', $('logo'))).toBe('brand');
  });

  it('scrubs the URL of a captured network request and drops its headers and bodies', () => {
    const request = { name: 'https://api.example/u?token=abc&q=1', requestHeaders: { a: 'b' }, responseBody: 'jane' };
    expect(replayPrivacy({}, scrub).maskCapturedNetworkRequestFn(request)).toEqual({
      name: 'https://api.example/u?q=1',
      requestHeaders: undefined,
      responseHeaders: undefined,
      requestBody: undefined,
      responseBody: undefined,
    });
  });

  it('blocks media unless allowed', () => {
    const blocked = replayPrivacy({}, scrub).blockSelector;
    expect($('photo')!.matches(blocked)).toBe(true);
    const allowed = replayPrivacy({ allowMedia: '.brand' }, scrub).blockSelector;
    expect($('photo')!.matches(allowed)).toBe(true);
    expect($('logo')!.matches(allowed)).toBe(false);
  });
});

describe('sessionSampled: the decision posthog-js makes after the download, made before it', () => {
  it('keeps about the share asked for, as posthog-js decides it for every session, all without a rate', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `01a21e84-47a5-7525-b956-${String(i).padStart(12, '0')}`);
    const kept = ids.filter((id) => sessionSampled(id, 0.25)).length;
    expect(kept / ids.length).toBeGreaterThan(0.15);
    expect(kept / ids.length).toBeLessThan(0.35);
    // posthog-js's own rule (its recorder's `sampleOnProperty`, read from the installed version): the same answer.
    for (const rate of [0, 0.01, 0.25, 0.5, 0.999, 1])
      expect(ids.filter((id) => sessionSampled(id, rate) !== sampleOnProperty(id, rate))).toEqual([]);
    expect(ids.every((id) => sessionSampled(id, null))).toBe(true);
    expect(ids.some((id) => sessionSampled(id, 0))).toBe(false);
    expect(maskText('a b')).toBe('* *');
  });
});

describe('replay.sampleRate out of range', () => {
  it('is a typed configuration error when the adapter loads (the SDK fails loudly, in status)', () => {
    expect(() => replayPrivacy({ sampleRate: 1.5 }, scrub)).toThrow(
      expect.objectContaining({ source: 'config', code: 'invalid_option' }),
    );
  });
});
