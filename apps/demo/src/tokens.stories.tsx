import type { Meta, StoryObj } from '@storybook/react-vite';
import { type CSSProperties, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import './stories/support';
import source from './tokens.css?raw';

// Everything below is read from tokens.css (its text, as the app ships it): values, themes and every contrast
// ratio are computed here, never typed, so this page is always what the file says.

/** The custom properties of the rule of tokens.css whose selector is `selector` (comments ignored). */
function tokensOf(selector: string): Map<string, string> {
  const css = source.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    if (!(selectors as string).split(',').some((s) => s.trim() === selector)) continue;
    return new Map(
      [...(body as string).matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1] as string, (m[2] as string).trim()]),
    );
  }
  return new Map();
}

type Mode = 'light' | 'dark';
const light = tokensOf(':root');
const darkOwn = tokensOf('[data-theme="dark"]');
/** A token's value in a theme (the dark theme inherits what it does not redefine). */
const tokenValue = (mode: Mode, name: string) =>
  (mode === 'dark' ? darkOwn.get(name) : undefined) ?? light.get(name) ?? '';
const MODES: Mode[] = ['light', 'dark'];

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

/** The light theme's tokens as inline custom properties: a light sample stays light on a dark page. */
const lightTheme = {
  ...Object.fromEntries([...light].map(([name, value]) => [`--${name}`, value])),
  colorScheme: 'light',
  color: 'var(--color-text)',
  background: 'var(--color-bg)',
} as CSSProperties;

/** One contrast a token must reach: text (4.5:1, WCAG 1.4.3), a boundary (3:1, WCAG 1.4.11) or none (decorative). */
interface Check {
  /** The foreground token (default: the card's token). */
  fg?: string;
  /** The token it sits on. */
  on: string;
  kind: 'text' | 'non-text' | 'decorative';
  /** What the pair is, when the card's token plays more than one part. */
  as?: string;
}
interface Token {
  name: string;
  /** When to use it. */
  use: ReactNode;
  checks: Check[];
}
interface Group {
  title: string;
  guidance: ReactNode;
  tokens: Token[];
}

const onBoth = (kind: Check['kind'], as?: string): Check[] => [
  { on: 'color-bg', kind, as },
  { on: 'color-surface', kind, as },
];

const GROUPS: Group[] = [
  {
    title: 'Text',
    guidance: (
      <>
        Every text colour must reach 4.5:1 (WCAG 1.4.3) on both backgrounds, in both themes. Reach for{' '}
        <code>--color-text</code> first; <code>--color-muted</code> for secondary text that still carries meaning;{' '}
        <code>--color-subtle</code> only for fine print next to something that already says it. Success and error
        colours always come with words: colour alone says nothing to everyone.
      </>
    ),
    tokens: [
      {
        name: 'color-text',
        use: 'Body text, headings, labels, the brand: anything read first.',
        checks: onBoth('text'),
      },
      {
        name: 'color-muted',
        use: 'Secondary text: the nav links, the header’s sign-in slot, status lines, captions, quotes.',
        checks: onBoth('text'),
      },
      {
        name: 'color-subtle',
        use: 'Fine print beside a label (the consent banner’s help under each category). Not for the only copy of anything; when in doubt, muted.',
        checks: onBoth('text'),
      },
      {
        name: 'color-accent',
        use: 'Links and the current page in the nav (also a fill and the focus ring: see “Fills, borders and focus”).',
        checks: onBoth('text', 'link text'),
      },
      { name: 'color-ok', use: 'Success text, next to words that say it.', checks: onBoth('text') },
      {
        name: 'color-bad',
        use: 'Error text and the error alert’s border, next to words that say it.',
        checks: onBoth('text'),
      },
    ],
  },
  {
    title: 'Fills and the text on them',
    guidance: (
      <>
        A filled control (a primary button, a pressed choice) is <code>--color-accent</code>, and{' '}
        <code>--color-accent-strong</code> on hover; its text is always <code>--color-on-accent</code>. On{' '}
        <code>--color-accent-soft</code> (a note, a hovered button), use <code>--color-text</code> or{' '}
        <code>--color-accent</code>.
      </>
    ),
    tokens: [
      {
        name: 'color-on-accent',
        use: 'Text on an accent fill: “Accept all”, a pressed “Allow” or “Deny”.',
        checks: [
          { on: 'color-accent', kind: 'text', as: 'on a primary button' },
          { on: 'color-accent-strong', kind: 'text', as: 'on a hovered primary button' },
        ],
      },
      {
        name: 'color-accent-strong',
        use: 'The hover fill (and border) of a primary button.',
        checks: onBoth('non-text', 'hover fill'),
      },
      {
        name: 'color-accent-soft',
        use: 'A soft highlight: a note’s background, a hovered button or Sign in link.',
        checks: [
          { fg: 'color-text', on: 'color-accent-soft', kind: 'text' },
          { fg: 'color-accent', on: 'color-accent-soft', kind: 'text' },
        ],
      },
    ],
  },
  {
    title: 'Backgrounds',
    guidance: (
      <>
        <code>--color-bg</code> is the page; <code>--color-surface</code> is anything that sits on it: the header,
        buttons, the consent banner, code blocks, a neutral alert. Text colours are measured on both (see Text).
      </>
    ),
    tokens: [
      { name: 'color-bg', use: 'The page behind everything.', checks: [] },
      {
        name: 'color-surface',
        use: 'The header, buttons, the consent banner, code blocks, a neutral alert.',
        checks: [],
      },
    ],
  },
  {
    title: 'Borders and focus',
    guidance: (
      <>
        What you click or type in needs a visible edge: 3:1 against what is next to it (WCAG 1.4.11), so buttons and the
        Sign in link use <code>--color-control-border</code>. <code>--color-border</code> is for dividers and containers
        whose edge nobody needs to find (the header’s bottom line, rows, code blocks): it is decorative and below 3:1 on
        purpose. The focus ring is <code>--color-accent</code>, 2 px wide and 2 px off the element, so it is seen
        against the background.
      </>
    ),
    tokens: [
      {
        name: 'color-control-border',
        use: 'The edge of a control: buttons, the header’s Sign in link, the colour swatches on this page.',
        checks: onBoth('non-text', 'a control’s edge'),
      },
      {
        name: 'color-accent',
        use: 'The focus ring on every focusable element, and the fill of primary buttons and pressed choices.',
        checks: onBoth('non-text', 'focus ring and button fill'),
      },
      {
        name: 'color-border',
        use: 'Dividers and outlines that are decoration: the header’s bottom line, rows, code blocks, the consent banner’s edge.',
        checks: onBoth('decorative', 'divider'),
      },
    ],
  },
];

// A colour token that no group describes still shows (in "Other"), so the page never hides one.
const described = new Set(GROUPS.flatMap((g) => g.tokens.map((t) => t.name)));
const undescribed = [...light].filter(([name, value]) => isColour(value) && !described.has(name));
if (undescribed.length)
  GROUPS.push({
    title: 'Other',
    guidance: 'Colour tokens in tokens.css that this page does not describe yet.',
    tokens: undescribed.map(([name]) => ({ name, use: 'Not described yet.', checks: [] })),
  });

const MINIMUM: Record<Check['kind'], number> = { text: 4.5, 'non-text': 3, decorative: 0 };

function Verdict({ ratio, kind }: { ratio: number; kind: Check['kind'] }) {
  if (kind === 'decorative') return <span className="verdict">no minimum (decorative)</span>;
  const minimum = MINIMUM[kind];
  return ratio >= minimum ? (
    <span className="verdict">passes {minimum}:1</span>
  ) : (
    <strong className="verdict">fails {minimum}:1</strong>
  );
}

/** One measured pair: a sample (text, or an edge for non-text), the pair's names and its ratio. */
function Pair({ mode, token, check }: { mode: Mode; token: string; check: Check }) {
  const fgName = check.fg ?? token;
  const fg = tokenValue(mode, fgName);
  const bg = tokenValue(mode, check.on);
  const ratio = contrast(fg, bg);
  return (
    <li>
      {check.kind === 'text' ? (
        <span className="sample" style={{ color: fg, background: bg }} aria-hidden="true">
          Aa
        </span>
      ) : (
        <span className="sample" style={{ background: bg }} aria-hidden="true">
          <span className="edge" style={{ borderColor: fg }} />
        </span>
      )}
      <span>
        {check.fg && (
          <>
            <code>--{check.fg}</code>{' '}
          </>
        )}
        {check.as ? `${check.as} ` : ''}on <code>--{check.on}</code>: <b>{ratio.toFixed(2)}:1</b>{' '}
        <Verdict ratio={ratio} kind={check.kind} />
      </span>
    </li>
  );
}

function TokenCard({ token }: { token: Token }) {
  const id = useId();
  return (
    <article className="token-card" aria-labelledby={id}>
      <h4 id={id}>
        <code>--{token.name}</code>
      </h4>
      <p className="token-use">{token.use}</p>
      <div className="token-modes">
        {MODES.map((mode) => {
          const value = tokenValue(mode, token.name);
          return (
            <div key={mode}>
              <p className="token-value">
                <span className="swatch" style={{ background: value }} /> {mode === 'light' ? 'Light' : 'Dark'}{' '}
                <code>{value}</code>
              </p>
              {token.checks.length > 0 && (
                <ul className="token-checks">
                  {token.checks.map((check) => (
                    <Pair key={`${check.fg}-${check.on}-${check.as}`} mode={mode} token={token.name} check={check} />
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
    </article>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z]+/g, '-');

/** The colour groups whose title is in `titles` (or, with `rest`, every other group). */
function Colours({ titles, rest = false }: { titles: string[]; rest?: boolean }) {
  const groups = GROUPS.filter((group) => titles.includes(group.title) !== rest);
  return (
    <div className="token-page">
      <p className="token-lead">
        Each colour in the light theme (<code>:root</code>) and the dark one (<code>[data-theme="dark"]</code>), with
        the contrast it must reach where it is used: 4.5:1 for text, 3:1 for the edges of controls and the focus ring.
      </p>
      {groups.map((group) => (
        <section key={group.title} className="token-group" aria-labelledby={`group-${slug(group.title)}`}>
          <h3 id={`group-${slug(group.title)}`}>{group.title}</h3>
          <p className="token-guidance">{group.guidance}</p>
          <div className="token-cards">
            {group.tokens.map((token) => (
              <TokenCard key={`${group.title}-${token.name}`} token={token} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function Themes() {
  return (
    <div className="token-themes">
      {MODES.map((theme) => (
        <section
          key={theme}
          data-theme={theme === 'dark' ? 'dark' : undefined}
          style={theme === 'light' ? lightTheme : undefined}
          aria-label={`${theme} theme`}
        >
          <h2>The {theme} theme</h2>
          <p>
            Body text, <span style={{ color: 'var(--color-muted)' }}>muted text</span> and{' '}
            <a href="#tokens">link text</a>, on <code>--color-bg</code>.
          </p>
          <p className="token-on-surface">
            On <code>--color-surface</code>: <span style={{ color: 'var(--color-ok)' }}>saved</span>,{' '}
            <span style={{ color: 'var(--color-bad)' }}>failed</span>.
          </p>
          <p className="actions">
            <button type="button" className="primary">
              Accept all
            </button>
            <button type="button">Reject all</button>
          </p>
          <fieldset className="token-native">
            <legend>Native controls follow the theme</legend>
            <label>
              <input type="checkbox" defaultChecked /> Analytics
            </label>
            <label>
              <input type="checkbox" /> Monitoring
            </label>
            <label>
              <input type="radio" name={`${theme}-choice`} defaultChecked /> Allow
            </label>
            <label>
              <input type="radio" name={`${theme}-choice`} /> Deny
            </label>
          </fieldset>
        </section>
      ))}
    </div>
  );
}

/** A sample of one text style and what the browser computes for it (size, weight, line height). */
function TypeRow({ name, where, children }: { name: string; where: ReactNode; children: ReactNode }) {
  const sample = useRef<HTMLDivElement>(null);
  const [computed, setComputed] = useState('');
  useLayoutEffect(() => {
    const element = sample.current?.querySelector('[data-sample]');
    if (!element) return;
    const style = getComputedStyle(element);
    // Non-breaking spaces: "32 px" and "weight 700" never break apart on a phone.
    const px = (value: string) => `${Math.round(Number.parseFloat(value) * 10) / 10}\u00a0px`;
    setComputed(`${px(style.fontSize)} · weight\u00a0${style.fontWeight} · line\u00a0${px(style.lineHeight)}`);
  }, []);
  return (
    <article className="type-row" aria-label={name}>
      <div ref={sample} className="type-sample">
        {children}
      </div>
      <p>
        <b>{name}</b> <span className="type-computed">{computed}</span>
        <br />
        {where}
      </p>
    </article>
  );
}

/** The consent banner's own rules (`.consent h2`, `.consent small`) on a static sample, not a fixed banner. */
const inBanner: CSSProperties = {
  position: 'static',
  maxWidth: 'none',
  maxHeight: 'none',
  padding: 0,
  border: 0,
  boxShadow: 'none',
  background: 'none',
};

function Type() {
  const fonts = [...light].filter(([name]) => name.startsWith('font-'));
  return (
    <div className="token-page">
      <h3>Font stacks</h3>
      <p className="token-guidance">
        <code>--font-sans</code> for everything; <code>--font-mono</code> only for code, identifiers and values a
        visitor may copy (event names, flag keys).
      </p>
      {fonts.map(([name, value]) => (
        <p key={name} className="token-font" style={{ fontFamily: `var(--${name})` }}>
          <code>--{name}</code>: The quick brown fox jumps over the lazy dog. 0123456789
          <br />
          <small>{value}</small>
        </p>
      ))}
      <h3>Type scale</h3>
      <p className="token-guidance">
        The sizes and weights in use, each as the app's own rule renders it (the numbers are what the browser computes).
        One <code>h1</code> per page; <code>h2</code> for its sections; body text at the root size, 1.5 line height;
        small text only for secondary lines. Weights: 400 for text, 600 for emphasis in a line, 700 for headings, 800
        for the brand alone.
      </p>
      <div className="type-rows">
        <TypeRow name="Page title (h1)" where="Every page’s title, once per page.">
          <h1 data-sample="">Privacy choices</h1>
        </TypeRow>
        <TypeRow
          name="Section (h2)"
          where="A page’s sections: Account’s “Signing out”, Tracked interactions’ sections."
        >
          <h2 data-sample="">Signing out</h2>
        </TypeRow>
        <TypeRow name="Banner title" where="The consent banner’s title (.consent h2), smaller than a page’s h2.">
          <section className="consent" style={inBanner}>
            <h2 data-sample="">Your privacy choices</h2>
          </section>
        </TypeRow>
        <TypeRow name="Body" where="Paragraphs, lists, buttons and links: the root size.">
          <p data-sample="">Nothing is sent until you choose.</p>
        </TypeRow>
        <TypeRow name="Emphasis (600)" where="The current page in the nav, Home’s call to action, a term in a list.">
          <p data-sample="" className="cta">
            Start your trial
          </p>
        </TypeRow>
        <TypeRow name="Brand (800)" where="The “Plinth” wordmark in the header, nowhere else.">
          <span data-sample="" className="brand">
            Plinth
          </span>
        </TypeRow>
        <TypeRow name="Small" where="Status lines and captions: Home’s flag status, Break something’s “sent” line.">
          <p data-sample="" className="flags-status">
            Flags: live from the flag service
          </p>
        </TypeRow>
        <TypeRow
          name="Header slot"
          where="The header’s sign-in slot (Checking session…, the name, Sign in / Sign out)."
        >
          <div className="sign-in" style={{ justifyContent: 'flex-start' }}>
            <span data-sample="">Checking session…</span>
          </div>
        </TypeRow>
        <TypeRow name="Fine print" where="The consent banner’s help under each category (.consent small, subtle).">
          <section className="consent" style={inBanner}>
            <small data-sample="">Errors and logs, so we can fix what breaks.</small>
          </section>
        </TypeRow>
        <TypeRow name="Mono" where="Code and identifiers inside text: 0.9 of the text around it.">
          <p>
            Flag <code data-sample="">home-banner</code>
          </p>
        </TypeRow>
      </div>
    </div>
  );
}

const SPACE_USE: Record<string, string> = {
  'space-1': 'Tight gaps: between wrapped lines of the nav, a button and the line explaining it.',
  'space-2': 'Between buttons in a row; the vertical padding of alerts, notes and list rows.',
  'space-3': 'The header’s vertical padding, code blocks, the consent sheet on phones.',
  'space-4': 'Between blocks; the side padding of alerts and notes; the page’s padding on phones.',
  'space-6': 'The page’s padding on wider screens; the gap between the header’s brand, nav and slot.',
};
const RADIUS_USE: Record<string, string> = {
  radius: 'Controls and small boxes: buttons, the Sign in link, code blocks, swatches.',
  'radius-lg': 'Containers: the consent banner, the auth alert, the flag banner, Home’s dark layout.',
};

function Spacing() {
  const spaces = [...light].filter(([name]) => name.startsWith('space-'));
  const radii = [...light].filter(([name]) => name.startsWith('radius'));
  const shadows = [...light].filter(([name]) => name.startsWith('shadow'));
  return (
    <div className="token-page">
      <h3>Spacing</h3>
      <p className="token-guidance">
        Gaps and padding come from this scale (there is no <code>--space-5</code>: between 1 and 1.5 rem, pick one of
        them). Larger steps separate groups; smaller ones hold a label to what it labels.
      </p>
      <ul className="token-list">
        {spaces.map(([name, value]) => (
          <li key={name}>
            <span className="bar-track">
              <span className="bar" style={{ width: `var(--${name})` }} />
            </span>
            <span>
              <code>--{name}</code> <b>{value}</b> — {SPACE_USE[name] ?? 'Not described yet.'}
            </span>
          </li>
        ))}
      </ul>
      <h3>Corner radius</h3>
      <p className="token-guidance">
        Small things get <code>--radius</code>, things that hold other things get <code>--radius-lg</code>; a sheet
        docked to a screen edge keeps its outer corners square.
      </p>
      <ul className="token-list">
        {radii.map(([name, value]) => (
          <li key={name}>
            <span className="bar-track">
              <span className="corner" style={{ borderRadius: `var(--${name})` }} />
            </span>
            <span>
              <code>--{name}</code> <b>{value}</b> — {RADIUS_USE[name] ?? 'Not described yet.'}
            </span>
          </li>
        ))}
      </ul>
      <h3>Shadow</h3>
      <p className="token-guidance">
        Only what floats over the page casts a shadow (today: the consent banner). Anything in the page's flow is
        separated by a border or a surface, not a shadow.
      </p>
      <ul className="token-list">
        {shadows.map(([name, value]) => (
          <li key={name}>
            <span className="bar-track">
              <span className="elevated" style={{ boxShadow: `var(--${name})` }} />
            </span>
            <span>
              <code>--{name}</code> <b>{value}</b> — the consent banner.
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the font and shadow tokens are for (as the Type and Shadow stories say). */
const OTHER_USE: Record<string, string> = {
  'font-sans': 'Everything.',
  'font-mono': 'Only code, identifiers and values a visitor may copy (event names, flag keys).',
  'shadow-lg': 'Only what floats over the page: the consent banner.',
};

/** What each token is for, from the pages' own descriptions (colours from GROUPS, then spacing and radius). */
function purposeOf(name: string): string {
  const token = GROUPS.flatMap((group) => group.tokens).find((t) => t.name === name);
  if (token) return typeof token.use === 'string' ? token.use : '';
  return SPACE_USE[name] ?? RADIUS_USE[name] ?? OTHER_USE[name] ?? '';
}

/**
 * Copies `text` to the clipboard: the Clipboard API, or (where it is refused: an insecure origin, a denied
 * permission) a selected, off-screen text field and the copy command. Resolves whether it copied.
 */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.insetInlineStart = '-9999px';
    document.body.append(field);
    field.select();
    const copied = document.execCommand('copy');
    field.remove();
    return copied;
  }
}

/** A button that copies `text`, named for what it copies ("Copy var(--color-text)"), and says it did. */
function CopyButton({ text, onCopied }: { text: string; onCopied: (message: string) => void }) {
  return (
    <button
      type="button"
      className="token-copy"
      aria-label={`Copy ${text}`}
      onClick={async () =>
        onCopied((await copy(text)) ? `Copied ${text}` : `Could not copy ${text}: select it instead`)
      }
    >
      Copy
    </button>
  );
}

/**
 * Every token of tokens.css in one table, searchable by name, value or use: its name (copied as `var(--name)`, ready
 * to paste into CSS) and its value in each theme (copied as is). Buttons are buttons: Tab reaches each, Enter or Space
 * copies, and a status line says what was copied.
 */
function TokenTable() {
  const [query, setQuery] = useState('');
  const [message, setMessage] = useState('');
  const searchId = useId();
  const rows = [...light.keys()].map((name) => ({
    name,
    values: MODES.map((mode) => tokenValue(mode, name)),
    use: purposeOf(name),
  }));
  const words = query.trim().toLowerCase();
  const shown = rows.filter(({ name, values, use }) =>
    [name, `--${name}`, ...values, use].some((text) => text.toLowerCase().includes(words)),
  );
  return (
    <div className="token-page token-table">
      <p className="token-search">
        <label htmlFor={searchId}>Search tokens</label>{' '}
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder="A name, a value or a use: muted, #, button"
          onChange={(event) => setQuery(event.target.value)}
        />{' '}
        <span aria-live="polite">
          {shown.length} of {rows.length} tokens
        </span>
      </p>
      <p role="status" className="token-copied">
        {message}
      </p>
      <div className="token-table-scroll">
        <table>
          <caption>The tokens of apps/demo/src/tokens.css, light and dark</caption>
          <thead>
            <tr>
              <th scope="col">Token</th>
              {MODES.map((mode) => (
                <th key={mode} scope="col">
                  {mode === 'light' ? 'Light' : 'Dark'}
                </th>
              ))}
              <th scope="col">Use</th>
            </tr>
          </thead>
          <tbody>
            {shown.map(({ name, values, use }) => (
              <tr key={name}>
                <th scope="row">
                  <code>--{name}</code> <CopyButton text={`var(--${name})`} onCopied={setMessage} />
                </th>
                {values.map((value, i) => (
                  <td key={MODES[i]}>
                    {isColour(value) && <span className="token-swatch" style={{ background: value }} />}
                    <code>{value}</code> <CopyButton text={value} onCopied={setMessage} />
                  </td>
                ))}
                <td>{use}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const meta = {
  title: 'demo/Design tokens',
  tags: ['beta'],
  parameters: {
    // Inline on the docs page, not in frames: a reference to search and copy from where it stands (the plays only read).
    docsFrame: false,
    docs: {
      description: {
        component: `The demo's design tokens: colours for the light theme and the dark one (the \`theme\` flag on Home, the Theme toolbar here), type, spacing, corner radius and shadow. Every value, and every contrast ratio, is read and computed from \`apps/demo/src/tokens.css\`, so this page is always what the file says; Storybook's preview loads the same file, so every story uses them.

**When to use**: whenever a screen needs a colour, a gap, a corner or a shadow. A value that is not a token is a question for the design system first.

**Do**
- Use the token by its role (\`var(--color-muted)\`), not by the colour it happens to be today.
- Check a new pairing here: text needs 4.5:1 and a control's edge 3:1 against what is behind it, in both themes.
- Look at your screen with the Theme toolbar on Dark: the tokens change, your layout should not.

**Don't**
- Hard-code a colour (\`#334155\`): it will not follow the dark theme.
- Put \`--color-subtle\` on the only copy of important text, or \`--color-border\` on a control's edge.
- Say success or failure with colour alone.

**Stories**: text colours, then fills, borders and focus (each with its contrast), both themes side by side, type, spacing with radius and shadow, and every token in one table to search and copy from (names as \`var(--name)\`, values as they are; each Copy button works from the keyboard).`,
      },
    },
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The text colours, light and dark, each with its contrast on both backgrounds (4.5:1 needed, WCAG 1.4.3) and when
 * to use it. A pairing that falls short shows "fails" in bold.
 */
export const ColourTokens: Story = {
  name: 'Text colours and contrast',
  render: () => <Colours titles={['Text']} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: '--color-muted', level: 4 })).toBeVisible();
    // Every text colour reaches 4.5:1 on --color-bg and --color-surface, in both themes.
    await expect(canvas.queryByText(/^fails/)).toBeNull();
    await expect(canvas.getAllByText('passes 4.5:1')).toHaveLength(
      (GROUPS.find((group) => group.title === 'Text')?.tokens.length ?? 0) * 4,
    );
    // Nothing is wider than the frame (a phone's 390 px, or a docs page's column on one, included).
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

/**
 * Fills and the text on them, the backgrounds, and the colours of edges and focus, light and dark: text on a fill
 * needs 4.5:1, a control's edge, the focus ring and a button's fill 3:1 against what is next to them (WCAG 1.4.11).
 */
export const FillAndBorderTokens: Story = {
  name: 'Fills, borders and focus',
  render: () => <Colours titles={['Text']} rest />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: '--color-control-border', level: 4 })).toBeVisible();
    await expect(canvas.queryByText(/^fails/)).toBeNull();
    // A control's edge, the focus ring / button fill and the hover fill, on both backgrounds, in both themes.
    await expect(canvas.getAllByText('passes 3:1')).toHaveLength(12);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

/**
 * Both themes side by side, whatever the toolbar says: text, links, surfaces, buttons and native checkboxes
 * and radios (they follow the theme through `color-scheme`).
 */
export const ThemesSideBySide: Story = { name: 'Themes side by side', render: () => <Themes /> };

/** The two font stacks and the type scale: every size and weight in use, where, and what the browser computes. */
export const TypeTokens: Story = { name: 'Type', render: () => <Type /> };

/** The spacing scale, the two corner radii and the shadow, each with where it is used. */
export const SpacingTokens: Story = { name: 'Spacing, radius and shadow', render: () => <Spacing /> };

/**
 * Every token in one searchable table: its name and its value in each theme, each with a copy button (Tab to it,
 * Enter or Space copies; the status line says what was copied). Search by name, value or use. Drawn inline on the
 * docs page, where it works as it does here.
 */
export const AllTokens: Story = { name: 'All tokens (search and copy)', render: () => <TokenTable /> };

/**
 * Not a state, so not in the catalogue (tagged `check`: a story test with no docs or sidebar entry and no reference
 * images): the table searched and a token copied from the keyboard alone.
 */
export const SearchAndCopyFromTheKeyboard: Story = {
  tags: ['!autodocs', '!dev', 'check'],
  render: () => <TokenTable />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const total = light.size;
    const search = canvas.getByRole('searchbox', { name: 'Search tokens' });
    await expect(canvas.getByText(`${total} of ${total} tokens`)).toBeVisible();
    // A name ("color-muted") narrows the table to the rows that have it; so does a word of a use ("nav").
    await userEvent.type(search, 'color-muted');
    await expect(canvas.getAllByRole('rowheader').map((row) => row.textContent)).toEqual(['--color-muted Copy']);
    // From the keyboard: Tab from the search field reaches the name's copy button; Enter copies it.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Copy var(--color-muted)' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied var(--color-muted)');
    await userEvent.clear(search);
    await userEvent.type(search, 'nav');
    await expect(canvas.getAllByRole('rowheader').length).toBeGreaterThan(0);
    for (const row of canvas.getAllByRole('row').slice(1))
      await expect(row.textContent?.toLowerCase()).toContain('nav');
  },
};
