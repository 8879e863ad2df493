// @vitest-environment node
import { isOtherOrigin, safeHref } from './safeHref';

describe('safeHref', () => {
  const hostile = [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    '\tjavascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    'java script:alert(1)',
    '\u0000javascript:alert(1)',
    'javascript\u0000:alert(1)',
    '\u001fjavascript:alert(1)',
    'ja\u200bvascript:alert(1)',
    '\ufeffjavascript:alert(1)',
    'java\u00a0script:alert(1)',
    'javascript\u2028:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'jav&#9;ascript:alert(1)',
    'javascript&#58;alert(1):',
    'JaVaScRiPt:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    ' DATA:text/html,x',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'file:///etc/passwd',
    'blob:https://example.com/uuid',
    'filesystem:https://example.com/temporary/x',
    'about:blank',
    'intent://x#Intent;end',
    'ftp://example.com/',
    'jar:https://x!/',
    'view-source:https://example.com',
    ':alert(1)',
    'a#b:c',
    '//javascript:alert(1)',
    '\\\\javascript:alert(1)',
  ];
  it.each(hostile)('rejects %j', (href) => {
    expect(safeHref(href)).toBeUndefined();
  });

  const allowed: [string, string][] = [
    ['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['http://example.com', 'http://example.com'],
    ['  HTTPS://Example.com  ', 'HTTPS://Example.com'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['tel:+4712345678', 'tel:+4712345678'],
    ['/pricing', '/pricing'],
    ['pricing/plans', 'pricing/plans'],
    ['../up', '../up'],
    ['#section', '#section'],
    ['?page=2', '?page=2'],
    ['//evil.com/x', '//evil.com/x'],
    ['/path/with:colon', '/path/with:colon'],
    ['#a:b', '#a:b'],
  ];
  it.each(allowed)('allows %j', (href, out) => {
    expect(safeHref(href)).toBe(out);
  });

  it('rejects empty and non-string values', () => {
    for (const v of ['', '   ', '\u0000', undefined, null, 42, {}, ['https://x']]) expect(safeHref(v)).toBeUndefined();
  });
});

describe('isOtherOrigin', () => {
  it('treats absolute http(s) and protocol-relative URLs as other-origin', () => {
    expect(isOtherOrigin('https://example.com')).toBe(true);
    expect(isOtherOrigin('HTTP://example.com')).toBe(true);
    expect(isOtherOrigin('//evil.com')).toBe(true);
    expect(isOtherOrigin('\\\\evil.com')).toBe(true);
    expect(isOtherOrigin('/\\evil.com')).toBe(true);
    expect(isOtherOrigin(' \t//evil.com')).toBe(true);
  });
  it('treats relative links, fragments, mailto and tel as same-origin', () => {
    for (const href of ['/a', 'a/b', '#x', '?q', 'mailto:a@b.c', 'tel:1']) expect(isOtherOrigin(href)).toBe(false);
  });
  it('uses the configured origin', () => {
    expect(isOtherOrigin('https://example.com/a', 'https://example.com')).toBe(false);
    expect(isOtherOrigin('//example.com/a', 'https://example.com')).toBe(false);
    expect(isOtherOrigin('https://example.com.evil.com/a', 'https://example.com')).toBe(true);
    expect(isOtherOrigin('http://example.com/a', 'https://example.com')).toBe(true);
    expect(isOtherOrigin('https://other.com', 'https://example.com')).toBe(true);
  });
});
