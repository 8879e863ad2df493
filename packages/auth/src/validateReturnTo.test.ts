// @vitest-environment node
import { validateReturnTo } from './validateReturnTo';

describe('validateReturnTo', () => {
  it.each([
    ['/account', '/account'],
    ['/account?tab=keys#top', '/account?tab=keys#top'],
    ['/search?q=a%20b', '/search?q=a%20b'],
    ['/a/../b', '/b'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(validateReturnTo(input)).toBe(expected);
  });

  it.each([
    'https://evil.example',
    'http://evil.example/account',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    '/.//evil.example', // dot segments resolve to a protocol-relative path
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/a/..//evil.example',
    '/%09/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    '/%E0%A4%A', // malformed escape
    'account',
    '',
    ' /account',
    undefined,
    null,
    42,
  ])('refuses %j and falls back to /', (input) => {
    expect(validateReturnTo(input)).toBe('/');
  });
});
