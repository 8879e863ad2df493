import { rememberedPerson } from './posthog';

// What posthog-js persisted for a token, read before it starts (issue 34: a person from an earlier visit).
const TOKEN = 'phc_a+b/c=';
const NAME = 'ph_phc_aPLbSLcEQ_posthog'; // posthog-js's persistence name for that token

afterEach(() => {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: test cleanup
  document.cookie = `${NAME}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('rememberedPerson', () => {
  it('is the distinct id of an identified person, from localStorage or else the cookie', () => {
    expect(rememberedPerson(TOKEN)).toBeUndefined();
    // biome-ignore lint/suspicious/noDocumentCookie: posthog-js's cookie, as it writes it
    document.cookie = `${NAME}=${encodeURIComponent(JSON.stringify({ distinct_id: 'carol', $user_state: 'identified' }))}; path=/`;
    expect(rememberedPerson(TOKEN)).toBe('carol');
    localStorage.setItem(NAME, JSON.stringify({ distinct_id: 'dan', $user_state: 'identified', $device_id: 'd-1' }));
    expect(rememberedPerson(TOKEN)).toBe('dan');
  });

  it('is nobody for an anonymous state, another token, or what cannot be read', () => {
    localStorage.setItem(NAME, JSON.stringify({ distinct_id: '01a2-anon', $user_state: 'anonymous' }));
    expect(rememberedPerson(TOKEN)).toBeUndefined();
    expect(rememberedPerson('phc_other')).toBeUndefined();
    localStorage.setItem(NAME, '{not json');
    expect(rememberedPerson(TOKEN)).toBeUndefined();
  });
});
