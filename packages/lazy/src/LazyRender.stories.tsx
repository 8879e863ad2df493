import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentType, type CSSProperties, type ReactNode, useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { LazyRender, type LazyRenderProps } from './LazyRender';

const Card = ({ label, height = 160 }: { label: string; height?: number }) => (
  <div
    style={{
      height,
      boxSizing: 'border-box',
      padding: 'var(--space-4)',
      borderRadius: 'var(--radius-lg)',
      background: 'var(--color-accent-soft)',
      color: 'var(--color-text)',
      display: 'grid',
      placeItems: 'center',
    }}
  >
    {label}
  </div>
);
const skeletonStyle = (height: number): CSSProperties => ({
  height,
  borderRadius: 'var(--radius-lg)',
  background: 'var(--color-border)',
});
const Skeleton = () => <div style={skeletonStyle(160)} data-testid="skeleton" />;

/** What the block shows once revealed (the `children` control), by name. */
const CONTENTS = {
  'Card, 160 px': <Card label="Revealed content" />,
  'Card, 240 px (taller than the space reserved)': <Card label="Revealed content, 240 px" height={240} />,
} satisfies Record<string, ReactNode>;

/** What holds the space until then (the `placeholder` control). */
const PLACEHOLDERS = {
  'Skeleton, 160 px': <Skeleton />,
  'None (an empty box of minHeight)': undefined,
  'Text "Loading…"': <p style={{ margin: 0, color: 'var(--color-muted)' }}>Loading…</p>,
} satisfies Record<string, ReactNode>;

/** How far from the viewport rendering starts (the `rootMargin` control). */
const MARGINS = ['200px 0px', '0px', '600px 0px', '-80px 0px'];

/**
 * The controls hold preset names, which `toProps` turns into LazyRender's props when the story renders (not
 * `argTypes.mapping`: the docs page's controls table would show mapped values as "Choose option…").
 */
type Args = Omit<LazyRenderProps, 'children' | 'placeholder'> & {
  children: keyof typeof CONTENTS;
  placeholder?: keyof typeof PLACEHOLDERS;
};
const toProps = ({ children, placeholder, ...rest }: Args): LazyRenderProps => ({
  ...rest,
  children: CONTENTS[children],
  placeholder: placeholder && PLACEHOLDERS[placeholder],
});

/**
 * Holds the block pending while it is on screen, so the placeholder can be looked at: in the product it
 * only shows while the block is further than `rootMargin` from the screen. The observer watches a detached
 * element as its `root` (the block is never inside it) until the button lets it watch the viewport again.
 */
function HeldPending(args: Args) {
  const [decoy] = useState(() => document.createElement('div'));
  const [held, setHeld] = useState(true);
  return (
    <div style={{ display: 'grid', gap: 'var(--space-3)', justifyItems: 'start' }}>
      <button type="button" onClick={() => setHeld(false)} disabled={!held}>
        Reveal (as when scrolled near)
      </button>
      <div style={{ justifySelf: 'stretch' }}>
        <LazyRender {...toProps(args)} root={held ? decoy : args.root} data-testid="lazy" />
      </div>
    </div>
  );
}

const meta = {
  title: 'lazy/LazyRender',
  // LazyRender's own props table (its docgen); the stories render it through `toProps`.
  component: LazyRender as unknown as ComponentType<Args>,
  tags: ['autodocs', 'stable'],
  parameters: {
    docs: {
      description: {
        component: `
A block of the page that is rendered only when it comes near the screen. Until then a placeholder (or an empty box of \`minHeight\`) holds its space, so the page does not jump when the content appears. A block already on screen when the page opens is rendered before the first paint, without a placeholder flash.

**When to use**

- Heavy sections below the fold: reviews, recommendations, comments, an embedded map or video.
- Long pages of repeated sections, where rendering everything at once slows the first screen.

**Do**

- Set \`minHeight\` to the content's height (or give the placeholder that height). In development a console warning gives the right number when they differ by more than 1 px.
- Make the placeholder look like the content's outline (a skeleton), not a spinner in empty space.
- Give \`sizeKey\` to a block that is shown again (back navigation, a list that re-renders): its measured height is reused.

**Don't**

- Don't wrap content above the fold: it gains nothing, and the server's HTML holds only the placeholder.
- Don't wrap content that search engines or visitors without JavaScript must read, for the same reason.
- Don't reserve a guessed height: a wrong \`minHeight\` moves everything below when the content arrives.

**States**

- **Pending** (\`data-lazy-state="pending"\`): the placeholder, or an empty box of \`minHeight\`. On the server, while hydrating, and while the block is further than \`rootMargin\` (200 px by default) from the screen.
- **Visible** (\`data-lazy-state="visible"\`): the content. Kept once shown (\`once\`, the default); with \`once={false}\` it is removed again off screen and its measured height held.
`,
      },
    },
  },
  args: {
    children: 'Card, 160 px',
    placeholder: 'Skeleton, 160 px',
    minHeight: 160,
    once: true,
    rootMargin: '200px 0px',
    threshold: 0,
  },
  argTypes: {
    children: { control: 'select', options: Object.keys(CONTENTS) },
    placeholder: { control: 'select', options: Object.keys(PLACEHOLDERS) },
    minHeight: { control: { type: 'number', min: 0, step: 20 } },
    sizeKey: { control: 'text' },
    once: { control: 'boolean' },
    rootMargin: { control: 'select', options: MARGINS },
    threshold: { control: { type: 'range', min: 0, max: 1, step: 0.1 } },
    // Wiring, not design choices: a scroll container instance, a callback, the element's own style.
    root: { table: { disable: true } },
    onVisible: { table: { disable: true } },
    style: { table: { disable: true } },
  },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Pending: the skeleton holds the block's 160 px. What a lazy section shows while it is further than
 * 200 px from the screen (a visitor scrolling fast sees it) and what the server sends. Held here on screen
 * so it can be looked at: press the button to see the content replace it in the same space.
 */
export const Placeholder: Story = {
  render: (args) => <HeldPending {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const lazy = canvas.getByTestId('lazy');
    expect(lazy.dataset.lazyState).toBe('pending');
    expect(canvas.getByTestId('skeleton')).toBeVisible();
    expect(lazy.getBoundingClientRect().height).toBe(160);
  },
};

/**
 * Visible: the block is on screen when the page opens, so its content is rendered before the first paint,
 * with no placeholder flash. Also what a pending block becomes once scrolled within 200 px of the screen.
 */
export const Revealed: Story = {
  render: (args) => <LazyRender {...toProps(args)} data-testid="lazy" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const lazy = canvas.getByTestId('lazy');
    await waitFor(() => expect(lazy.dataset.lazyState).toBe('visible'));
    expect(canvas.getByText('Revealed content')).toBeVisible();
  },
};

/**
 * Pending without a `placeholder`: an empty box of `minHeight` (outlined here to show it) holds the space.
 * What a block given only `minHeight` shows before it is scrolled near. Held on screen as above.
 */
export const EmptyReservation: Story = {
  name: 'Placeholder (minHeight only)',
  args: { placeholder: 'None (an empty box of minHeight)' },
  render: (args) => <HeldPending {...args} style={{ outline: '1px dashed var(--color-control-border)' }} />,
  play: async ({ canvasElement }) => {
    const lazy = within(canvasElement).getByTestId('lazy');
    expect(lazy.dataset.lazyState).toBe('pending');
    expect(lazy.getBoundingClientRect().height).toBe(160);
  },
};

/**
 * A page of lazy sections whose `minHeight` is each one's real height: the first ones on screen render at
 * once, the rest as the page is scrolled, and nothing below moves when they do. How a long product or
 * article page uses LazyRender.
 */
export const SectionsWithoutShift: Story = {
  name: 'Sections (no layout shift)',
  parameters: { controls: { disable: true } },
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      {[180, 240, 200, 260, 220, 180, 240, 200].map((height, i) => (
        <LazyRender
          key={`section-${String(i)}`}
          minHeight={height}
          sizeKey={`story-section-${i}`}
          placeholder={<div style={skeletonStyle(height)} />}
          data-testid={`section-${i}`}
        >
          <Card label={`Section ${i + 1} (${height} px)`} height={height} />
        </LazyRender>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const first = within(canvasElement).getByTestId('section-0');
    await waitFor(() => expect(first.dataset.lazyState).toBe('visible'));
    expect(first.getBoundingClientRect().height).toBe(180);
  },
};
