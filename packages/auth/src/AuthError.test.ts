import { isPlinthError } from '@plinth/core';
import { AuthError, toAuthError } from './AuthError';

/** Shaped like oidc-client-ts's ErrorResponse (the adapter is not imported here). */
const providerError = (error: string, error_description?: string) =>
  Object.assign(new Error(error_description ?? error), { name: 'ErrorResponse', error, error_description });

describe('toAuthError', () => {
  it.each([
    [providerError('access_denied', 'End-User aborted interaction'), 'access_denied'],
    [providerError('invalid_grant', 'grant request is invalid'), 'invalid_grant'],
    [providerError('login_required'), 'login_required'],
    [providerError('server_error'), 'provider'],
    [new Error('No matching state found in storage'), 'state_mismatch'],
    [new Error('No state in response'), 'state_mismatch'],
    [new TypeError('Failed to fetch'), 'network'],
    [Object.assign(new Error('IFrame timed out without a response'), { name: 'ErrorTimeout' }), 'network'],
    [new Error('something else'), 'unknown'],
    ['a string', 'unknown'],
  ])('maps %s to %s', (thrown, code) => {
    const error = toAuthError(thrown, 'callback');
    expect(error).toBeInstanceOf(AuthError);
    expect(isPlinthError(error)).toBe(true);
    expect(error.source).toBe('callback');
    expect(error.code).toBe(code);
    expect(error.cause).toBe(thrown);
  });

  it("keeps the provider's error and error_description", () => {
    const error = toAuthError(providerError('access_denied', 'End-User aborted interaction'), 'callback');
    expect(error.error).toBe('access_denied');
    expect(error.error_description).toBe('End-User aborted interaction');
    expect(error.message).toBe('callback: access_denied (End-User aborted interaction)');
  });

  it('passes an AuthError through', () => {
    const original = new AuthError('x', { source: 'renew', code: 'expired' });
    expect(toAuthError(original, 'callback')).toBe(original);
  });
});
