import { recordChannel } from '@plinth/core/testing';
import { discoveryFailure } from './oidc-client-ts';

describe('discovery that fails', () => {
  it('an HTTP error (a typo in authority: 404) is code discovery, naming the URL and the status, loud in development', () => {
    const recording = recordChannel();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      // What oidc-client-ts throws for a discovery document answered 404.
      const error = discoveryFailure('https://id.example/realms/typo/', new Error('Not Found (404)'));
      expect(error).toMatchObject({ source: 'discovery', code: 'discovery' });
      expect(error.message).toBe(
        'discovery: https://id.example/realms/typo/.well-known/openid-configuration answered HTTP 404; check `authority` (the issuer URL, without /.well-known/…)',
      );
      expect(warn).toHaveBeenCalledTimes(1);
      expect(recording.of('report')).toMatchObject([{ level: 'error', context: { status: 404 } }]);
    } finally {
      warn.mockRestore();
      recording.stop();
    }
  });

  it('a network failure stays network (tried again next time), with nothing printed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const error = discoveryFailure('https://id.example', new TypeError('Failed to fetch'));
      expect(error).toMatchObject({ source: 'discovery', code: 'network' });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
