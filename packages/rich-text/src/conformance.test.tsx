import { Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import upstream from '../test/fixtures/portabletext-react/fixtures.json';
import { rendererDefaults, renderPortableText } from './adapter/portabletext';
import { RichText } from './RichText';
import { resetRichText } from './testing';
import type { RichTextComponents } from './types';

// Upstream @portabletext/react 7.0.1 fixtures, copied into the package with their licence and origin
// (test/fixtures/portabletext-react/README.md). A missing file fails this test file at import.
const fixtures = upstream as unknown as { name: string; input: unknown; output?: string }[];

// biome-ignore lint/suspicious/noExplicitAny: the upstream test's components are untyped
type Props = { value?: any; children?: ReactNode };
// The custom components the upstream test file (test/portable-text.test.tsx @ v7.0.1) passes for these fixtures.
const highlight = ({ value, children }: Props) => (
  <span style={{ border: `${value?.thickness}px solid` }}>{children}</span>
);
const custom: Record<string, RichTextComponents> = {
  '018': { marks: { highlight } },
  '022': {
    types: { rating: ({ value }: Props) => <span className={`rating type-${value.type} rating-${value.rating}`} /> },
  },
  '024': {
    types: {
      localCurrency: ({ value }: Props) => {
        const rates: Record<string, number> = { USD: 8.82, DKK: 1.35, EUR: 10.04 };
        const rate = rates[value.sourceCurrency] || 1;
        return <span className="currency">~{Math.round(value.sourceAmount * rate)} NOK</span>;
      },
    },
  },
  '026': { types: { button: ({ value }: Props) => <button type="button">{value.text}</button> } },
  '050': {
    types: {
      code: ({ value }: Props) => (
        <pre data-language={value.language}>
          <code>{value.code}</code>
        </pre>
      ),
    },
  },
  '052': { marks: { highlight } },
  '053': {
    marks: {
      link: ({ value, children }: Props) => (
        <a className="mahlink" href={value?.href}>
          {children}
        </a>
      ),
    },
  },
  '062': {
    types: {
      quote: ({ value }: Props) => (
        <p style={{ background: value.background }}>
          {value.children.map(({ text }: { text: string }) => (
            <Fragment key={text}>Customers say: {text}</Fragment>
          ))}
        </p>
      ),
    },
  },
};

/**
 * Plinth's deliberate differences, removed before comparing (documented in the README):
 * headings carry an `id`, links to other origins carry `rel="noopener noreferrer"`.
 */
const normalise = (html: string) =>
  html.replace(/<(h[1-6]) id="[^"]*"/g, '<$1').replace(/(<a [^>]*?) rel="noopener noreferrer"/g, '$1');

describe('conformance with @portabletext/react 7.0.1 fixtures', () => {
  beforeEach(() => {
    resetRichText();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('has the 31 fixtures, 8 of them with custom components', () => {
    expect(fixtures).toHaveLength(31);
    expect(fixtures.filter((f) => custom[f.name.slice(0, 3)])).toHaveLength(8);
  });

  describe.each(fixtures.filter((f) => f.output != null))('$name', ({ name, input, output }) => {
    const components = custom[name.slice(0, 3)];
    const html = renderToStaticMarkup(<RichText value={input as never} components={components} />);

    it('renders the upstream HTML (after the documented normalisation)', () => {
      expect(normalise(html)).toBe(output);
    });

    it('renders the upstream HTML exactly with heading ids off, except for rel on other-origin links', () => {
      const plain = renderToStaticMarkup(
        <RichText value={input as never} components={components} headingIds={false} />,
      );
      expect(plain.replace(/ rel="noopener noreferrer"/g, '')).toBe(output);
    });
  });

  it('differs from upstream only where documented: heading ids and rel on links', () => {
    const differing = fixtures
      .filter((f) => f.output != null)
      .filter(
        (f) =>
          renderToStaticMarkup(<RichText value={f.input as never} components={custom[f.name.slice(0, 3)]} />) !==
          f.output,
      )
      .map((f) => f.name);
    // every differing fixture has a heading or an absolute link, and nothing else differs (checked above)
    for (const name of differing) {
      const out = fixtures.find((f) => f.name === name)?.output ?? '';
      expect(/<h[1-6]>|<a href="https?:/.test(out)).toBe(true);
    }
    expect(differing).toContain('007-link-mark-def');
    expect(differing).toContain('017-all-default-block-styles');
  });

  it('renders fixtures without an expected output (060) like upstream', () => {
    for (const f of fixtures.filter((x) => x.output == null)) {
      const ours = renderToStaticMarkup(<RichText value={f.input as never} />);
      const theirs = renderToStaticMarkup(renderPortableText(f.input as never, rendererDefaults, () => {}));
      expect(ours.length).toBeGreaterThan(0);
      expect(normalise(ours)).toBe(theirs);
    }
  });
});
