import { vitalsOffCallbacks } from './adapter/webVitals';
import { DEFAULT_CALLBACK_PATHS, onCallback } from './callbacks';

const CALLBACK = 'http://localhost:3000/auth/callback?code=c-1&state=s-1';
const ACCOUNT = 'http://localhost:3000/account';

describe('the sign-in callback routes', () => {
  it('are @plinth/auth’s by default, whatever their query', () => {
    expect(DEFAULT_CALLBACK_PATHS).toEqual(['/auth/callback', '/silent-callback']);
    expect(onCallback(CALLBACK, DEFAULT_CALLBACK_PATHS)).toBe(true);
    expect(onCallback('http://localhost:3000/auth/callback?error=access_denied', DEFAULT_CALLBACK_PATHS)).toBe(true);
    expect(onCallback('/silent-callback', DEFAULT_CALLBACK_PATHS)).toBe(true);
    expect(onCallback(ACCOUNT, DEFAULT_CALLBACK_PATHS)).toBe(false);
    expect(onCallback('http://localhost:3000/auth/callbacks', DEFAULT_CALLBACK_PATHS)).toBe(false);
    expect(onCallback(CALLBACK, [])).toBe(false);
    expect(onCallback(undefined, DEFAULT_CALLBACK_PATHS)).toBe(false);
  });

  it('web vitals: what was measured on the callback goes; the event carries the page the visitor landed on', () => {
    const mixed = {
      $current_url: CALLBACK,
      $web_vitals_FCP_value: 120,
      $web_vitals_FCP_event: { name: 'FCP', value: 120, $current_url: CALLBACK },
      $web_vitals_LCP_value: 900,
      $web_vitals_LCP_event: { name: 'LCP', value: 900, $current_url: ACCOUNT },
      token: 't',
    };
    expect(vitalsOffCallbacks(mixed, DEFAULT_CALLBACK_PATHS)).toEqual({
      $current_url: ACCOUNT,
      $web_vitals_LCP_value: 900,
      $web_vitals_LCP_event: { name: 'LCP', value: 900, $current_url: ACCOUNT },
      token: 't',
    });
    // Only the callback's (TTFB has no `_event`: measured where the event was made): dropped.
    expect(
      vitalsOffCallbacks({ $current_url: CALLBACK, $web_vitals_TTFB_value: 40 }, DEFAULT_CALLBACK_PATHS),
    ).toBeNull();
    expect(
      vitalsOffCallbacks(
        { $current_url: ACCOUNT, $web_vitals_FCP_value: 1, $web_vitals_FCP_event: { $current_url: CALLBACK } },
        DEFAULT_CALLBACK_PATHS,
      ),
    ).toBeNull();
    // Nothing of a callback: the same object.
    const clean = { $current_url: ACCOUNT, $web_vitals_TTFB_value: 40 };
    expect(vitalsOffCallbacks(clean, DEFAULT_CALLBACK_PATHS)).toBe(clean);
  });
});
