import { readFileSync } from 'node:fs';
// @ts-expect-error: a plain .mjs script without declarations
import { byVersion, otherEnd, VENDOR_SDKS } from './vendor-ranges.mjs';

describe('vendor ranges: which end of a range the extra run tests', () => {
  it('the newest when the workspace installs the lowest, the lowest when it installs the newest', () => {
    const available = ['1.455.2', '1.449.2', '1.450.0'];
    expect(otherEnd({ sdk: 'posthog-js', range: '^1.449.2', installed: '1.449.2', available })).toEqual({
      lowest: '1.449.2',
      newest: '1.455.2',
      test: '1.455.2',
    });
    expect(otherEnd({ sdk: 'posthog-js', range: '^1.449.2', installed: '1.455.2', available }).test).toBe('1.449.2');
  });

  it('nothing when the range admits only the workspace’s version', () => {
    expect(otherEnd({ sdk: 'x', range: '^3.9.5', installed: '3.9.5', available: ['3.9.5'] }).test).toBeNull();
  });

  it('refuses a workspace version inside the range (neither end would be proved) and an empty range', () => {
    expect(() =>
      otherEnd({ sdk: 'x', range: '^7.16.0', installed: '7.16.1', available: ['7.16.0', '7.16.1', '7.16.2'] }),
    ).toThrow(/installs 7\.16\.1, neither end of \^7\.16\.0 \(7\.16\.0 … 7\.16\.2\)/);
    expect(() => otherEnd({ sdk: 'x', range: '^9.0.0', installed: '9.0.0', available: [] })).toThrow(
      /no version in the range/,
    );
  });

  it('orders versions by number, not as text', () => {
    expect(['1.10.0', '1.9.12', '1.9.2', '2.0.0'].sort(byVersion)).toEqual(['1.9.2', '1.9.12', '1.10.0', '2.0.0']);
  });

  it('each vendor package declares its SDK as a range, not an exact version', () => {
    for (const { folder, sdk } of VENDOR_SDKS) {
      const range: string = JSON.parse(readFileSync(`${folder}/package.json`, 'utf8')).dependencies[sdk];
      expect(range, `${folder}: ${sdk}`).toMatch(/^\^\d+\.\d+\.\d+$/);
    }
  });
});
