import { channel } from '@plinth/core';
import { render, waitFor } from '../../../tooling/render';
import { InlineSvg } from './InlineSvg';

// A page that enforces Trusted Types but leaves `plinth-svg` out of its `trusted-types` directive: the
// policy cannot be created, which the console says once, and icons render their fallback, reported once
// per URL, instead of hanging in their loading state (README, "Going live").

const violations: string[] = [];

beforeAll(() => {
  document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective));
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = "require-trusted-types-for 'script'; trusted-types some-other-policy";
  document.head.append(meta);
});

it('without plinth-svg in the directive: fallback, one report per URL, one console error', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const reports: { context: Record<string, unknown> }[] = [];
  channel.on('report', (event) => reports.push(event));
  const { container } = render(
    <div>
      {[0, 1, 2].map((n) => (
        <InlineSvg key={n} src={`/__icons__/${n % 2}.svg`} fallback={<i className="fallback" />} />
      ))}
    </div>,
  );
  await waitFor(() => expect(container.querySelectorAll('i.fallback')).toHaveLength(3), { timeout: 10_000 });
  expect(reports.map((r) => r.context.reason)).toEqual(['render', 'render']);
  const ours = errors.mock.calls.filter(([message]) => String(message).startsWith('[@plinth/svg]'));
  expect(ours.map(([message]) => message)).toEqual([
    "[@plinth/svg] Trusted Types policy 'plinth-svg' could not be created",
  ]);
  // The refusals were reported to the page's policy: the policy name, then DOMPurify's parse.
  expect(violations).toContain('trusted-types');
  expect(violations).toContain('require-trusted-types-for');
});
