import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import './stories/support';
import source from './tokens.css?raw';

/** The custom properties of one rule of tokens.css (`:root`, or the dark theme's). */
function tokensOf(selector: string): [string, string][] {
  const start = source.indexOf(`${selector} {`);
  const body = start < 0 ? '' : source.slice(start, source.indexOf('}', start));
  return [...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1] as string, (m[2] as string).trim()]);
}

const light = tokensOf(':root');
const dark = new Map(tokensOf('[data-theme="dark"]'));

/** WCAG 2 contrast ratio of two `#rgb`/`#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const h = hex.replace('#', '');
    const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
    const [r, g, bl] = [0, 2, 4].map((i) => {
      const v = Number.parseInt(full.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
const isColour = (value: string) => /^#[0-9a-f]{3,6}$/i.test(value);
/** Colours used for text (the rest are fills and borders). */
const TEXT = new Set([
  'color-text',
  'color-muted',
  'color-subtle',
  'color-accent',
  'color-ok',
  'color-bad',
  'color-on-accent',
]);
/** What a text colour is measured on: the page background, or the accent for text on accent buttons. */
const ground = (name: string) => (name === 'color-on-accent' ? 'color-accent' : 'color-bg');

function Ratio({ fg, bg }: { fg: string; bg: string }) {
  const ratio = contrast(fg, bg);
  return (
    <span title={`${fg} on ${bg}`}>
      {ratio.toFixed(2)}:1 {ratio >= 4.5 ? 'AA' : <strong>below AA</strong>}
    </span>
  );
}

function Colours() {
  const colours = light.filter(([, value]) => isColour(value));
  const lightTokens = Object.fromEntries(light);
  return (
    <table className="tokens">
      <caption>
        Colours: light (<code>:root</code>) and dark (<code>[data-theme="dark"]</code>, the <code>theme</code> flag).
        Text colours show their contrast on the page background (<code>--color-on-accent</code>: on the accent, as on
        primary buttons); WCAG AA asks 4.5:1 for body text.
      </caption>
      <thead>
        <tr>
          <th scope="col">Token</th>
          <th scope="col">Light</th>
          <th scope="col">Dark</th>
        </tr>
      </thead>
      <tbody>
        {colours.map(([name, value]) => {
          const darkValue = dark.get(name);
          return (
            <tr key={name}>
              <th scope="row">
                <code>--{name}</code>
              </th>
              <td>
                <span className="swatch" style={{ background: value }} /> <code>{value}</code>
                {TEXT.has(name) && (
                  <>
                    {' '}
                    <Ratio fg={value} bg={lightTokens[ground(name)] as string} />
                  </>
                )}
              </td>
              <td>
                {darkValue ? (
                  <>
                    <span className="swatch" style={{ background: darkValue }} /> <code>{darkValue}</code>
                    {TEXT.has(name) && (
                      <>
                        {' '}
                        <Ratio fg={darkValue} bg={dark.get(ground(name)) as string} />
                      </>
                    )}
                  </>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Themes() {
  return (
    <div className="token-themes">
      {['light', 'dark'].map((theme) => (
        <section key={theme} data-theme={theme === 'dark' ? 'dark' : undefined} aria-label={`${theme} theme`}>
          <h2>The {theme} theme</h2>
          <p>
            Body text, <span style={{ color: 'var(--color-muted)' }}>muted text</span> and{' '}
            <a href="#tokens">link text</a>, on <code>--color-bg</code>.
          </p>
          <p style={{ background: 'var(--color-surface)', padding: 'var(--space-2)', borderRadius: 'var(--radius)' }}>
            On <code>--color-surface</code>: <span style={{ color: 'var(--color-ok)' }}>ok</span>,{' '}
            <span style={{ color: 'var(--color-bad)' }}>bad</span>.
          </p>
          <p className="actions">
            <button type="button" className="primary">
              Accept all
            </button>
            <button type="button">Reject all</button>
          </p>
        </section>
      ))}
    </div>
  );
}

function Type() {
  const fonts = light.filter(([name]) => name.startsWith('font-'));
  return (
    <div>
      {fonts.map(([name, value]) => (
        <p key={name} style={{ fontFamily: `var(--${name})` }}>
          <code>--{name}</code>: The quick brown fox jumps over the lazy dog. 0123456789
          <br />
          <small>{value}</small>
        </p>
      ))}
      <h1>Heading 1, the page title</h1>
      <h2>Heading 2, a section</h2>
      <p>Body text at the root size, line height 1.5.</p>
      <p className="flags-status">Small print (0.875rem, muted): the flag status line.</p>
    </div>
  );
}

function Spacing() {
  const sizes = light.filter(([name]) => name.startsWith('space-') || name.startsWith('radius'));
  return (
    <table className="tokens">
      <caption>Spacing and corner radius.</caption>
      <tbody>
        {sizes.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">
              <code>--{name}</code>
            </th>
            <td>
              <code>{value}</code>
            </td>
            <td>
              {name.startsWith('space-') ? (
                <span className="bar" style={{ width: `var(--${name})` }} />
              ) : (
                <span className="corner" style={{ borderRadius: `var(--${name})` }} />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const meta = {
  title: 'demo/Design tokens',
  parameters: {
    docs: {
      description: {
        component:
          "The demo's design tokens, read from `apps/demo/src/tokens.css` (so this page is always what the file says): colours for the light theme and the dark one the `theme` flag switches Home to, type and spacing. Storybook's preview loads the same file, so every story uses them.",
      },
    },
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every colour token, light and dark, with the contrast of the text colours. */
export const ColourTokens: Story = {
  render: () => <Colours />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('--color-accent')).toBeVisible();
    // Every text colour reaches AA in both themes.
    await expect(canvas.queryByText('below AA')).toBeNull();
  },
};

/** Both themes side by side: text, links, surfaces and buttons as they look with the tokens. */
export const ThemesSideBySide: Story = { render: () => <Themes /> };

/** The two font stacks and the type scale in use. */
export const TypeTokens: Story = { render: () => <Type /> };

/** The spacing scale and the corner radii. */
export const SpacingTokens: Story = { render: () => <Spacing /> };
