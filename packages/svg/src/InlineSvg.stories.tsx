import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType, CSSProperties, ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { InlineSvg, type InlineSvgProps } from './InlineSvg';
import { clearSvgCache } from './svgCache';

/** Story files, answered by a fetch stand-in so the stories need no static directory. */
const FILES: Record<string, string> = {
  '/__stories__/svg/star.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>Star</title><path fill="currentColor" d="M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z"/></svg>',
  '/__stories__/svg/gradient.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#06b6d4"/></linearGradient><clipPath id="round"><circle cx="12" cy="12" r="11"/></clipPath></defs><rect width="24" height="24" fill="url(#sky)" clip-path="url(#round)"/></svg>',
  '/__stories__/svg/malicious.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" onload="alert(1)"><script>alert(2)</script><a xlink:href="javascript:alert(3)"><rect width="24" height="24" fill="crimson" onmouseover="alert(4)"/></a><foreignObject width="24" height="24"><img src="x" onerror="alert(5)"/></foreignObject><set attributeName="onmouseover" to="alert(6)"/></svg>',
};

/** slow.svg is held open until `deliverSlow()` (the Loading story's button), so the loader can be looked at. */
let deliverSlow = () => {};
let slow = Promise.resolve();
const holdSlow = () => {
  slow = new Promise<void>((resolve) => {
    deliverSlow = resolve;
  });
};
holdSlow();
/**
 * The first file on a page waits for the sanitiser and the inliner chunks too: on a docs page, where every
 * story loads them at once in its own frame, that can take longer than waitFor's default second.
 */
const LOADED = { timeout: 5000 };
const svgResponse = (body: string) => new Response(body, { headers: { 'content-type': 'image/svg+xml' } });

/** The sample files a designer can pick (the `src` control), by name. */
const SOURCES = {
  'Star icon': '/__stories__/svg/star.svg',
  'Gradient badge (ids in <defs>)': '/__stories__/svg/gradient.svg',
  'Hostile file (scripts and handlers)': '/__stories__/svg/malicious.svg',
  'Slow file (held until delivered)': '/__stories__/svg/slow.svg',
  'Missing file (404)': '/__stories__/svg/missing.svg',
  'Another origin (blocked)': 'https://elsewhere.example/star.svg',
} satisfies Record<string, string>;

/** Colour and outline presets (the `style` control), on the tokens so they follow the theme. */
const LOOKS = {
  'Accent colour': { color: 'var(--color-accent)' },
  'Text colour': { color: 'var(--color-text)' },
  'Error colour': { color: 'var(--color-bad)' },
  'Accent colour, dashed outline (shows the box)': {
    color: 'var(--color-accent)',
    outline: '1px dashed var(--color-control-border)',
  },
  'Error outline (shows the box)': { outline: '1px dashed var(--color-bad)' },
} satisfies Record<string, CSSProperties>;

const LOADERS = {
  'Default (empty box)': undefined,
  'Text "Loading…"': <span data-testid="loader">Loading…</span>,
} satisfies Record<string, ReactNode>;

const FALLBACKS = {
  'Default (empty box)': undefined,
  'Text "★ icon unavailable"': <span data-testid="fallback">★ (icon unavailable)</span>,
} satisfies Record<string, ReactNode>;

/**
 * The controls hold preset names, which `toProps` turns into InlineSvg's props when the story renders (not
 * `argTypes.mapping`: the docs page's controls table would show mapped values as "Choose option…").
 */
type Args = Omit<InlineSvgProps, 'src' | 'style' | 'loader' | 'fallback'> & {
  src: keyof typeof SOURCES;
  style?: keyof typeof LOOKS;
  loader?: keyof typeof LOADERS;
  fallback?: keyof typeof FALLBACKS;
};
const toProps = ({ src, style, loader, fallback, ...rest }: Args): InlineSvgProps => ({
  ...rest,
  src: SOURCES[src],
  style: style && LOOKS[style],
  loader: loader && LOADERS[loader],
  fallback: fallback && FALLBACKS[fallback],
});

const meta = {
  title: 'svg/InlineSvg',
  // InlineSvg's own props table (its docgen); the stories render it through `toProps`.
  component: InlineSvg as unknown as ComponentType<Args>,
  tags: ['autodocs', 'stable'],
  render: (args) => <InlineSvg {...toProps(args)} />,
  parameters: {
    docs: {
      description: {
        component: `
An SVG file shown inline in the page (not as an \`<img>\`), so CSS and \`currentColor\` reach its shapes: an icon takes the colour of the text around it. The file is fetched once per URL for the whole page, sanitised (no scripts, event handlers or \`javascript:\` links survive) and its ids made unique per copy. Until it arrives a box of the same size holds the space; when it cannot be used the \`fallback\` shows instead.

**When to use**

- Icons and illustrations kept as files (a CMS, an icon folder) that must follow the text colour or the theme.
- SVGs with gradients or clip paths shown many times on one page.

**Do**

- Give \`width\` and \`height\`: the loading box and the error box take that size, so nothing shifts.
- Give \`title\` when the icon means something on its own (an icon-only button); set \`title={null}\` (it removes the file's own \`<title>\`) when text next to it says the same.
- Give a \`fallback\` where a missing icon would leave a control without meaning (a text label, a built-in glyph).

**Don't**

- Don't use it for photos or large artwork: an \`<img>\` is cheaper and can be lazy.
- Don't point \`src\` at another site without adding it to \`configureSvg({ allowedOrigins })\`: it is blocked, no request is made.
- Don't put markup in \`title\` or \`description\`: it is shown as text.

**States**

- **Loading**: the \`loader\`, or an empty \`<svg>\` of the same size (\`data-svg-state="loading"\`). Also what the server renders.
- **Loaded**: the sanitised file, inline. A file already loaded on the page shows at once, without a loading state.
- **Error**: the \`fallback\`, or an empty box of the same size (\`data-svg-state="error"\`): a 404, a network error, a file that is not SVG. Reported once per URL.
- **Blocked**: a \`src\` on another origin (or \`data:\`, \`javascript:\`): the error state at once, no request.
`,
      },
    },
  },
  args: {
    src: 'Star icon',
    width: 48,
    height: 48,
    title: 'Star',
    style: 'Accent colour',
    loader: 'Default (empty box)',
    fallback: 'Default (empty box)',
    uniquifyIDs: true,
  },
  argTypes: {
    src: {
      description:
        "The SVG file (here: sample files served by the story). The page's origin or one given to `configureSvg({ allowedOrigins })`.",
      control: 'select',
      options: Object.keys(SOURCES),
    },
    style: { control: 'select', options: Object.keys(LOOKS) },
    loader: { control: 'select', options: Object.keys(LOADERS) },
    fallback: { control: 'select', options: Object.keys(FALLBACKS) },
    width: { control: { type: 'range', min: 16, max: 128, step: 8 } },
    height: { control: { type: 'range', min: 16, max: 128, step: 8 } },
    title: { control: 'text' },
    description: { control: 'text' },
    uniquifyIDs: { control: 'boolean' },
    // Callbacks are wiring, not design choices.
    onLoad: { table: { disable: true } },
    onError: { table: { disable: true } },
  },
  beforeEach() {
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const path = new URL(String(input instanceof Request ? input.url : input), location.href).pathname;
      if (path === '/__stories__/svg/slow.svg')
        return slow.then(() => svgResponse(FILES['/__stories__/svg/star.svg']!));
      if (!path.startsWith('/__stories__/svg/')) return realFetch(input, init);
      const body = FILES[path];
      return Promise.resolve(
        body
          ? svgResponse(body)
          : new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } }),
      );
    };
    holdSlow();
    clearSvgCache();
    return () => {
      globalThis.fetch = realFetch;
      clearSvgCache();
    };
  },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The file fetched, sanitised and inline: the star takes the accent colour through `currentColor`.
 * What every icon looks like once its file has arrived, and at once for a file already loaded on the page.
 */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('svg path')).not.toBeNull(), LOADED);
    expect(canvasElement.querySelector('svg title')?.textContent).toBe('Star');
  },
};

/**
 * The `loader` while the file is on its way: the first time a page shows an icon, on a slow network,
 * and in the server's HTML. This story holds the request open: press the button to deliver the file.
 */
export const Loading: Story = {
  args: { src: 'Slow file (held until delivered)', loader: 'Text "Loading…"' },
  render: (args) => (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      <InlineSvg {...toProps(args)} />
      <button type="button" onClick={() => deliverSlow()}>
        Deliver the file
      </button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('loader')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Deliver the file' }));
    await waitFor(() => expect(canvasElement.querySelector('svg path')).not.toBeNull(), LOADED);
    expect(canvas.queryByTestId('loader')).toBeNull();
  },
};

/**
 * Loading without a `loader`: an empty `<svg>` of the same size holds the space (`data-svg-state="loading"`,
 * outlined here to show it), so the text around it does not move when the file arrives. The default while
 * loading and in the server's HTML.
 */
export const DefaultPlaceholder: Story = {
  name: 'Loading (default placeholder)',
  args: { src: 'Slow file (held until delivered)', style: 'Accent colour, dashed outline (shows the box)' },
  play: async ({ canvasElement }) => {
    const box = canvasElement.querySelector('svg[data-svg-state="loading"]')!;
    expect(box.getAttribute('width')).toBe('48');
    expect(box.getAttribute('aria-hidden')).toBe('true');
  },
};

/**
 * The `fallback` in place of the icon when the file cannot be used: here a 404; also a network error, a
 * response that is not `image/svg+xml`, or a file with no `<svg>` left after sanitising.
 */
export const ErrorFallback: Story = {
  name: 'Error / fallback',
  args: { src: 'Missing file (404)', fallback: 'Text "★ icon unavailable"' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('fallback', {}, LOADED)).toBeVisible();
  },
};

/**
 * A hostile file (a script, `onload`/`onmouseover` handlers, a `javascript:` link, a `<foreignObject>`)
 * shown with everything that could run removed; the red square is what is left. The title, given as
 * markup, shows as text. What happens whenever a file from an editor or a CMS carries such content.
 */
export const SanitisedMalicious: Story = {
  name: 'Sanitised malicious file',
  args: { src: 'Hostile file (scripts and handlers)', title: '<b>not bold</b>' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('svg rect')).not.toBeNull(), LOADED);
    const html = canvasElement.innerHTML;
    expect(html).not.toMatch(/<script|onload|onmouseover|onerror|javascript:|foreignObject/i);
    expect(canvasElement.querySelector('svg title')?.textContent).toBe('<b>not bold</b>');
  },
};

/**
 * The same file with a gradient and a clip path 40 times (every fifth copy hidden, `display: none`): each
 * copy gets its own ids, so every visible copy keeps its gradient. What a list of items sharing one icon shows.
 */
export const ManyCopiesWithGradients: Story = {
  name: 'Many copies with gradients',
  args: { src: 'Gradient badge (ids in <defs>)', title: undefined },
  render: (args) => {
    const props = toProps(args);
    return (
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, maxWidth: 420 }}>
        {Array.from({ length: 40 }, (_, i) => (
          // Hidden copies would break a shared gradient id; uniquified ids keep every visible copy painted.
          <InlineSvg
            key={`copy-${String(i)}`}
            {...props}
            style={{ ...props.style, display: i % 5 === 0 ? 'none' : undefined }}
          />
        ))}
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('linearGradient')).toHaveLength(40), LOADED);
    const ids = [...canvasElement.querySelectorAll('linearGradient')].map((g) => g.id);
    expect(new Set(ids).size).toBe(40);
  },
};

/**
 * A `src` on another origin than the page's (and not given to `configureSvg`): no request is made and the
 * fallback shows at once. The same for `data:`, `blob:` and `javascript:` URLs.
 */
export const BlockedOrigin: Story = {
  name: 'Blocked origin',
  args: { src: 'Another origin (blocked)', fallback: 'Text "★ icon unavailable"' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('fallback')).toBeVisible();
  },
};

/**
 * An error without a `fallback`: the empty box keeps the icon's size (`data-svg-state="error"`, outlined
 * here to show it), so the layout does not change. The default when a file is missing.
 */
export const ErrorDefaultBox: Story = {
  name: 'Error / default box',
  args: { src: 'Missing file (404)', style: 'Error outline (shows the box)' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('svg[data-svg-state="error"]')).not.toBeNull(), LOADED);
  },
};
