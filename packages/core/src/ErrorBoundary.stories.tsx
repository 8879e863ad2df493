import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentType, useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { createChannel } from './channel';
import { ErrorBoundary, type ErrorBoundaryProps } from './ErrorBoundary';

const card = {
  padding: 'var(--space-4)',
  borderRadius: 'var(--radius-lg)',
  border: '1px solid var(--color-border)',
  background: 'var(--color-surface)',
  color: 'var(--color-text)',
  maxWidth: '28rem',
} as const;

/** A region of the page that renders, or throws while rendering (as a bug or unexpected data would make it). */
function Widget({ fail }: { fail: boolean }) {
  if (fail) throw new Error('The widget failed to render');
  return (
    <section aria-label="Recommendations" style={card}>
      <p style={{ margin: 0 }}>The widget rendered.</p>
    </section>
  );
}

/** What the boundary shows once its children threw: the presets of the `fallback` control. */
const FALLBACKS = {
  'A message and a Try again button': (({ reset }) => (
    <div role="alert" style={{ ...card, borderColor: 'var(--color-bad)' }}>
      <p style={{ marginTop: 0 }}>Something went wrong.</p>
      <button type="button" onClick={reset}>
        Try again
      </button>
    </div>
  )) satisfies ErrorBoundaryProps['fallback'],
  'A message only': (
    <p role="alert" style={{ ...card, borderColor: 'var(--color-bad)' }}>
      Recommendations are not available right now.
    </p>
  ),
  'Nothing - the default': null,
};

/** The stories' args: the `fallback` prop by the name of its preset (a control needs names, not functions). */
type Args = Omit<ErrorBoundaryProps, 'fallback'> & { fallback: keyof typeof FALLBACKS };

const meta = {
  title: 'core/ErrorBoundary',
  tags: ['stable'],
  // Its docs (props, types); the stories' args name the `fallback` preset, and `render` maps it to the prop.
  component: ErrorBoundary as unknown as ComponentType<Args>,
  render: ({ fallback, ...props }) => <ErrorBoundary {...props} fallback={FALLBACKS[fallback]} />,
  // The channel is a fresh one per story file: the exceptions of these stories reach no logger.
  args: { channel: createChannel(), fallback: 'A message and a Try again button' },
  argTypes: {
    fallback: {
      control: 'radio',
      options: Object.keys(FALLBACKS),
      description:
        'Shown instead of the children once they threw: a node, or a function given `{ error, reset }` ' +
        '(`reset()` renders the children again). Default: nothing.',
    },
    // Wiring, not design choices: what the boundary guards, the channel, the event's context and the callback.
    children: { table: { disable: true } },
    channel: { table: { disable: true } },
    context: { table: { disable: true } },
    onError: { table: { disable: true } },
  },
  parameters: {
    docs: {
      description: {
        component: `
Keeps one failing part of a page from blanking the whole page. When a component below it throws while rendering,
the boundary shows its \`fallback\` in that component's place, emits an \`exception\` event on the session
channel (the logging package sends it to error monitoring, with the boundary's \`context\`, e.g.
\`{ area: 'checkout' }\`, and the component stack), and calls \`onError\`. The rest of the page keeps working.

**When to use**

- Around a region that can fail on its own and that the page can live without: a widget, a sidebar, a
  route's content below the app's header and navigation.
- Around each route's content, keyed by the route (\`<ErrorBoundary key={pathname}>\`), so that moving to
  another page shows that page again.

**Do**

- Give it a \`fallback\` that says what is missing in the page's words and, where a retry can help, a
  "Try again" button that calls \`reset\`.
- Size the fallback like the region it replaces, so the layout does not jump.
- Set \`context\` to the area of the page, so the error report says where it happened.

**Don't**

- Don't count on it for errors in event handlers, timers or promises: React only hands render errors to a
  boundary. Catch those where they happen and show the error in the component.
- Don't leave \`fallback\` out where the region matters: the default is nothing, and the region silently
  disappears.
- Don't show the error's message or stack to the visitor: it is for the report, not for them.

**States**: healthy (the children show), fallback (the children threw), and back to the children after
\`reset()\` when the cause has gone.
`,
      },
    },
  },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing threw: the boundary is invisible and its children show as they would without it. This is the normal case. */
export const Healthy: Story = {
  args: { children: <Widget fail={false} /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The widget rendered.')).toBeVisible();
  },
};

/**
 * The widget threw while rendering (a bug, or data it did not expect): its place shows the fallback, an
 * `exception` is reported, and the rest of the page is untouched. "Try again" renders the widget again; here it
 * throws again, so the fallback comes back. Pick another fallback in the controls to compare.
 */
export const Fallback: Story = {
  args: { children: <Widget fail /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Something went wrong.');
  },
};

/** A widget that throws until `outage.over` (a failed response, say), then renders. */
function Recovering() {
  const [outage] = useState(() => ({ over: false }));
  return (
    <ErrorBoundary
      channel={createChannel()}
      fallback={({ reset }) => (
        <div role="alert" style={{ ...card, borderColor: 'var(--color-bad)' }}>
          <p style={{ marginTop: 0 }}>Something went wrong.</p>
          <button
            type="button"
            onClick={() => {
              outage.over = true;
              reset();
            }}
          >
            Try again
          </button>
        </div>
      )}
    >
      <Flaky outage={outage} />
    </ErrorBoundary>
  );
}
function Flaky({ outage }: { outage: { over: boolean } }) {
  return <Widget fail={!outage.over} />;
}

/**
 * The visitor clicked "Try again" after the cause went away (the data arrived on the second attempt): `reset()`
 * rendered the children again and the widget is back, with no page reload.
 */
export const Recovered: Story = {
  render: () => <Recovering />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(canvas.getByText('The widget rendered.')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
