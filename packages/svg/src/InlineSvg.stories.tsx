import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { InlineSvg } from './InlineSvg';
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
const svgResponse = (body: string) => new Response(body, { headers: { 'content-type': 'image/svg+xml' } });

const meta = {
  title: 'svg/InlineSvg',
  component: InlineSvg,
  tags: ['autodocs'],
  args: { src: '/__stories__/svg/star.svg', width: 48, height: 48, title: 'Star', style: { color: '#f59e0b' } },
  // React elements and style objects are the story's, not JSON to edit; the source, size and title stay controls.
  argTypes: {
    style: { control: false },
    loader: { control: false },
    fallback: { control: false },
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
} satisfies Meta<typeof InlineSvg>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('svg path')).not.toBeNull());
    expect(canvasElement.querySelector('svg title')?.textContent).toBe('Star');
  },
};

/**
 * The `loader` slot while the file is on its way. This story holds the request open: press the button
 * to deliver the file.
 */
export const Loading: Story = {
  args: { src: '/__stories__/svg/slow.svg', loader: <span data-testid="loader">Loading…</span> },
  render: (args) => (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      <InlineSvg {...args} />
      <button type="button" onClick={() => deliverSlow()}>
        Deliver the file
      </button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('loader')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Deliver the file' }));
    await waitFor(() => expect(canvasElement.querySelector('svg path')).not.toBeNull());
    expect(canvas.queryByTestId('loader')).toBeNull();
  },
};

/** Without `loader`, an empty `<svg>` of the same size holds the space (`data-svg-state="loading"`). */
export const DefaultPlaceholder: Story = {
  name: 'Loading (default placeholder)',
  args: { src: '/__stories__/svg/slow.svg', style: { color: '#f59e0b', outline: '1px dashed #94a3b8' } },
  play: async ({ canvasElement }) => {
    const box = canvasElement.querySelector('svg[data-svg-state="loading"]')!;
    expect(box.getAttribute('width')).toBe('48');
    expect(box.getAttribute('aria-hidden')).toBe('true');
  },
};

export const ErrorFallback: Story = {
  name: 'Error / fallback',
  args: { src: '/__stories__/svg/missing.svg', fallback: <span data-testid="fallback">★ (icon unavailable)</span> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('fallback')).toBeVisible();
  },
};

export const SanitisedMalicious: Story = {
  name: 'Sanitised malicious file',
  args: { src: '/__stories__/svg/malicious.svg', title: '<b>not bold</b>' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('svg rect')).not.toBeNull());
    const html = canvasElement.innerHTML;
    expect(html).not.toMatch(/<script|onload|onmouseover|onerror|javascript:|foreignObject/i);
    expect(canvasElement.querySelector('svg title')?.textContent).toBe('<b>not bold</b>');
  },
};

export const ManyCopiesWithGradients: Story = {
  name: 'Many copies with gradients',
  args: { src: '/__stories__/svg/gradient.svg', title: undefined },
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, maxWidth: 420 }}>
      {Array.from({ length: 40 }, (_, i) => (
        // Hidden copies would break a shared gradient id; uniquified ids keep every visible copy painted.
        <InlineSvg key={`copy-${String(i)}`} {...args} style={{ display: i % 5 === 0 ? 'none' : undefined }} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('linearGradient')).toHaveLength(40));
    const ids = [...canvasElement.querySelectorAll('linearGradient')].map((g) => g.id);
    expect(new Set(ids).size).toBe(40);
  },
};

/** Another origin than the page's (and not given to `configureSvg`): no request, the fallback at once. */
export const BlockedOrigin: Story = {
  name: 'Blocked origin',
  args: { src: 'https://elsewhere.example/star.svg', fallback: <span data-testid="fallback">★ (blocked)</span> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('fallback')).toBeVisible();
  },
};

/** An error without `fallback`: the empty box keeps the size (`data-svg-state="error"`). */
export const ErrorDefaultBox: Story = {
  name: 'Error / default box',
  args: { src: '/__stories__/svg/missing.svg', style: { outline: '1px dashed #ef4444' } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('svg[data-svg-state="error"]')).not.toBeNull());
  },
};
