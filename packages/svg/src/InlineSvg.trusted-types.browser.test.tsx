import { render, waitFor } from '../../../tooling/render';
import { InlineSvg } from './InlineSvg';
import { resetSvg } from './testing';

// Under Trusted Types (`require-trusted-types-for 'script'`) every HTML sink (innerHTML,
// DOMParser.parseFromString, …) refuses a plain string and reports a violation; `trusted-types`
// names the policies a page may create. @plinth/svg needs one policy, `plinth-svg` (README, "Going
// live"), and must render icons under it with zero violations. The policy is this test file's own
// (its iframe), added as a <meta> before anything of the package runs.

const violations: string[] = [];

beforeAll(() => {
  document.addEventListener('securitypolicyviolation', (event) => {
    violations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
  });
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = "require-trusted-types-for 'script'; trusted-types plinth-svg";
  document.head.append(meta);
});
beforeEach(() => {
  resetSvg();
  violations.length = 0;
});

/** A violation that must come: a plain string given to an HTML sink. Also the positive control. */
async function sentinel(name: string) {
  expect(() => {
    document.createElement('div').innerHTML = `<b>${name}</b>`;
  }).toThrow(TypeError);
  await waitFor(() => expect(violations.some((v) => v.includes(`<b>${name}</b>`))).toBe(true));
  await new Promise(requestAnimationFrame);
}

describe('InlineSvg under Trusted Types', () => {
  it('positive control: a string given to innerHTML is refused and reported', async () => {
    await sentinel('control');
    expect(violations).toEqual(['require-trusted-types-for trusted-types-sink Element innerHTML|<b>control</b>']);
    violations.length = 0;
  });

  it('renders icons and the DOMPurify corpus, ids uniquified, with zero violations', async () => {
    const count = Number(await (await fetch('/__fixtures__/count')).text());
    const settled = new Set<string>();
    const { container } = render(
      <div>
        {Array.from({ length: 4 }, (_, n) => (
          <InlineSvg
            key={`icon${n}`}
            src={`/__icons__/${n % 2}.svg`}
            className="icon"
            title="An <icon>"
            description="A gradient"
            onLoad={() => settled.add(`icon${n}`)}
            onError={() => settled.add(`icon${n}`)}
          />
        ))}
        {Array.from({ length: count }, (_, n) => (
          <InlineSvg
            key={n}
            src={`/__fixtures__/${n}.svg`}
            fallback={<span />}
            onLoad={() => settled.add(`case${n}`)}
            onError={() => settled.add(`case${n}`)}
          />
        ))}
      </div>,
    );
    await waitFor(() => expect(settled.size).toBe(count + 4), { timeout: 10_000 });
    const icons = [...container.querySelectorAll('svg.icon')];
    expect(icons).toHaveLength(4);
    for (const svg of icons) {
      expect(svg.querySelector('title')?.textContent).toBe('An <icon>');
      expect(svg.querySelector('desc')?.textContent).toBe('A gradient');
      const gradient = /url\(#(.+)\)/.exec(svg.querySelector('rect')!.getAttribute('fill')!)![1]!;
      expect(svg.querySelector(`[id="${gradient}"]`)?.localName).toBe('linearGradient');
    }
    expect(new Set(icons.map((svg) => svg.querySelector('linearGradient')!.id)).size).toBe(4);
    await sentinel('sentinel');
    expect(violations).toEqual(['require-trusted-types-for trusted-types-sink Element innerHTML|<b>sentinel</b>']);
  });

  it("applies an icon's style attributes under style-src 'self' (React writes them through the CSSOM); the sanitiser's parse still reports each", async () => {
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = "style-src 'self' 'report-sample'";
    document.head.append(meta);
    const { container } = render(<InlineSvg src="/__styled__/1.svg" className="styled" />);
    await waitFor(() => expect(container.querySelector('svg.styled rect')).not.toBeNull());
    expect(getComputedStyle(container.querySelector('svg.styled rect')!).fill).toBe('rgb(255, 0, 0)');
    await sentinel('styled');
    // Chromium reports a style attribute even in the inert document DOMPurify parses into (so did react-inlinesvg's
    // parse): the style applies, the report is filed once, from the one parse per URL.
    expect(violations.sort()).toEqual([
      'require-trusted-types-for trusted-types-sink Element innerHTML|<b>styled</b>',
      'style-src-attr inline fill: red',
    ]);
  });
});
