import { resetChannel } from '@plinth/core/testing';
import { createCatalogueCheck } from './catalogue';

afterEach(() => resetChannel());

const defaults = { theme: 'light', limit: 3, beta: false, options: null };

describe('the catalogue check: what the service serves, against the catalogue', () => {
  it('passes values of the default’s type through, and a null default takes any type', () => {
    const check = createCatalogueCheck(defaults);
    const served = { theme: { value: 'dark', reason: 'FALLTHROUGH' }, options: { value: [1], reason: 'OFF' } };
    expect(check.checked(served, false)).toEqual(served);
    expect(check.errors()).toEqual({});
  });

  it('refuses a value of another type (TYPE_MISMATCH), until the service serves the right type again', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const check = createCatalogueCheck(defaults);
    expect(check.checked({ limit: { value: '3', reason: 'FALLTHROUGH' } }, false)).toEqual({
      limit: { value: '3', reason: 'FALLTHROUGH', errorCode: 'TYPE_MISMATCH' },
    });
    expect(check.errors()).toEqual({ limit: 'TYPE_MISMATCH' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"limit" is a string in LaunchDarkly but a number'));
    check.checked({ limit: { value: 4, reason: 'FALLTHROUGH' } }, false);
    expect(check.errors()).toEqual({});
  });

  it('on a complete answer only, a catalogue flag left out is FLAG_NOT_FOUND', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const check = createCatalogueCheck(defaults);
    const served = { theme: { value: 'dark', reason: 'FALLTHROUGH' } };
    expect(Object.keys(check.checked(served, false))).toEqual(['theme']); // a stream patch: no verdict on the others
    expect(check.errors()).toEqual({});
    expect(check.checked(served, true).beta).toEqual({
      value: undefined,
      reason: 'ERROR',
      errorCode: 'FLAG_NOT_FOUND',
    });
    expect(check.errors()).toEqual({ limit: 'FLAG_NOT_FOUND', beta: 'FLAG_NOT_FOUND', options: 'FLAG_NOT_FOUND' });
  });
});
