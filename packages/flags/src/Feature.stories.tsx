import type { Meta, StoryObj } from '@storybook/react-vite';
import { Suspense } from 'react';
import { expect, within } from 'storybook/test';
import { Feature } from './Feature';
import type { FlagSource } from './store';
import { testFlags } from './test-flags';
import { withFlags } from './testing';
import { useFlagDetails } from './useFlag';
import { useFlagsStatus } from './useFlagsStatus';
import { useVariant } from './useVariant';

const priceText = { control: '€10 / month', a: '€9 / month', b: '€99 / year' } as const;

/** Where a flag's value came from (`useFlagDetails(key).source`), in words. */
const SOURCE: Record<FlagSource, string> = {
  default: 'the catalogue default',
  bootstrap: "from the server's bootstrap",
  cache: 'remembered from the last visit',
  live: 'from the flag service',
};

/** A product card whose pieces are flag-driven: what a screen built on @plinth/flags looks like. */
function CheckoutCard() {
  const status = useFlagsStatus();
  const theme = useFlagDetails('theme');
  const price = useVariant('price-test');
  // The `theme` flag picks the demo's token set (apps/demo/src/tokens.css: `[data-theme="dark"]` redefines
  // the colour tokens), so the card uses tokens, never colours of its own.
  return (
    <article
      aria-label="Checkout"
      data-theme={theme.value}
      style={{
        padding: 'var(--space-4)',
        maxWidth: '20rem',
        borderRadius: 'var(--radius-lg)',
        border: '1px solid var(--color-border)',
        background: 'var(--color-bg)',
        color: 'var(--color-text)',
      }}
    >
      <dl
        aria-label="Flags"
        style={{
          margin: '0 0 var(--space-4)',
          padding: 'var(--space-2)',
          borderRadius: 'var(--radius)',
          background: 'var(--color-surface)',
          border: '1px solid var(--color-border)',
          display: 'grid',
          gap: 'var(--space-1)',
        }}
      >
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0 var(--space-2)' }}>
          <dt>Flag service:</dt>
          <dd style={{ margin: 0, fontWeight: 600 }}>{status}</dd>
        </div>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0 var(--space-2)' }}>
          <dt>Theme:</dt>
          <dd style={{ margin: 0 }}>
            <strong>{theme.value}</strong>, {SOURCE[theme.source]}
          </dd>
        </div>
      </dl>
      <Feature flag="new-checkout" fallback={<button type="button">Checkout</button>}>
        <button type="button">One-click checkout</button>
      </Feature>
      <p>
        Price: <strong>{priceText[price]}</strong>
      </p>
      <Feature flag="price-test" match={['a', 'b']}>
        <p>Experiment variant {price}</p>
      </Feature>
    </article>
  );
}

const meta = {
  title: 'flags/Feature',
  tags: ['stable'],
  component: CheckoutCard,
  decorators: [withFlags(testFlags)],
  parameters: {
    docs: {
      description: {
        component: `
\`<Feature flag="…">\` shows its children when a feature flag is on (or has one of the values in \`match\`), and
its \`fallback\` otherwise. Flags come from the flag service (LaunchDarkly) through \`FlagsProvider\`; every flag
has a default in the app's catalogue (\`defineFlags({ … })\`), shown until the service answers and whenever it
cannot. What \`<Feature>\` shows from a live value is counted as an exposure (who saw which side of an
experiment), once per mount and value. For a value rather than a switch (a price, a label), \`useVariant(flag)\`
and \`useFlag(flag)\` give it directly.

The card below is a screen built on flags: \`new-checkout\` swaps the checkout button, \`price-test\` is a price
experiment (control, a, b), \`theme\` picks the token set. The **Flags** toolbar sets any flag of the catalogue
on every story; the stories below set their own through \`parameters.flags\`.

**When to use**

- To roll out a change to some visitors first, or to turn it off without a release (\`new-checkout\`).
- To run an experiment where each visitor sees one variant and the exposure is recorded (\`price-test\`).

**Do**

- Make the \`fallback\` (the default side) a complete, working interface: it is what visitors see before the
  service answers, when it fails, and when they refused functional consent.
- Keep both sides about the same size, so the page does not jump when live values replace the defaults.
- Where a visible flip would spoil an experiment (a price), wait for the service with \`suspend\` inside the
  app's own \`<Suspense fallback>\`: the wait is bounded (1.5 s by default), then the value is whatever it is.

**Don't**

- Don't use a flag to protect anything: the values reach the browser, where a visitor can change them.
  Who may see or do what is the server's decision.
- Don't block the whole page on the flag service: only the pieces that must not flip should wait.
- Don't leave a flag in the code once its rollout or experiment is over.

**States**: catalogue defaults (loading, timed out, failed, blocked, consent refused), live values (on or off, a
variant), the switch when live values arrive, and waiting for the service (\`suspend\`).
`,
      },
    },
  },
} satisfies Meta<typeof CheckoutCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The catalogue defaults: the classic "Checkout" button and the control price. A first-time visitor sees this
 * until the flag service answers, and keeps seeing it when the service is slow (status `timeout` after 1.5 s,
 * shown here; a later answer still replaces it), fails or is blocked, or when the visitor refused functional
 * consent. (A server bootstrap or a value remembered from the last visit would show instead of a default.)
 */
export const Defaults: Story = {
  parameters: { flags: { status: 'timeout' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Checkout' })).toBeVisible();
    await expect(canvas.getByText('€10 / month')).toBeVisible();
    await expect(canvas.getByText(/the catalogue default/)).toBeVisible();
  },
};

/**
 * The flag service turned `new-checkout` on for this visitor (a rollout they are part of): "One-click checkout"
 * replaces the classic button.
 */
export const NewCheckout: Story = {
  parameters: { flags: { values: { 'new-checkout': true } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'One-click checkout' })).toBeVisible();
  },
};

/**
 * A visitor the price experiment put in variant `a`: the €9 / month price and the variant's note. The exposure
 * is recorded when the card shows it.
 */
export const VariantA: Story = {
  parameters: { flags: { values: { 'price-test': 'a' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Experiment variant a')).toBeVisible();
    await expect(canvas.getByText('€9 / month')).toBeVisible();
  },
};

/** A visitor the price experiment put in variant `b`: a yearly price, €99 / year, and the variant's note. */
export const VariantB: Story = {
  parameters: { flags: { values: { 'price-test': 'b' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('€99 / year')).toBeVisible();
  },
};

/**
 * The flag service served `theme: dark` (a dark-theme rollout): the card carries `data-theme="dark"` and is drawn
 * on the dark tokens, whatever the page around it uses.
 */
export const Dark: Story = {
  parameters: { flags: { values: { theme: 'dark' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('dark', { selector: 'strong' }).parentElement).toHaveTextContent(
      'dark, from the flag service',
    );
    await expect(canvas.getByRole('article')).toHaveAttribute('data-theme', 'dark');
  },
};

/**
 * The first moments of a visit, while the flag service is asked (status `loading`): the catalogue defaults show
 * until it answers. Here it never answers, so the story stays in this state.
 */
export const Loading: Story = {
  parameters: { flags: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('loading')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Checkout' })).toBeVisible();
  },
};

/**
 * A first visit where the service answers 1.5 s after the page shows: the defaults first, then the live values
 * replace them (here "Checkout" becomes "One-click checkout"). A returning visitor with functional consent gets
 * the values remembered from the last visit at once instead.
 */
export const LiveValuesArrive: Story = {
  parameters: { flags: { values: { 'new-checkout': true }, delayMs: 1500 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('loading')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'One-click checkout' }, { timeout: 3000 })).toBeVisible();
  },
};

/**
 * The flag service could not give a first evaluation (a server error, an unreachable service): status `failed`,
 * and the values the page started with (here the catalogue defaults) stay for the rest of the visit.
 */
export const Failed: Story = {
  parameters: { flags: { status: 'failed' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('failed')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Checkout' })).toBeVisible();
  },
};

/** An experiment's price that waits for the flag service (`suspend: true`) instead of flipping. */
function WaitingPrice() {
  const price = useVariant('price-test', { suspend: true });
  return (
    <p>
      Price: <strong>{priceText[price]}</strong>
    </p>
  );
}

/**
 * A price experiment that must not flip: `useVariant('price-test', { suspend: true })` inside the app's own
 * `<Suspense fallback>`. On a first visit the placeholder ("Loading the price…") shows until the service answers
 * (here after 1 s), then the visitor's variant; the default price never shows. The wait ends at 1.5 s at the
 * latest, or at once while functional consent is pending or denied; a remembered value shows at once.
 */
export const WaitsForTheFlagService: Story = {
  parameters: { flags: { values: { 'price-test': 'b' }, delayMs: 1000 } },
  render: () => (
    <Suspense
      fallback={
        <p role="status" style={{ color: 'var(--color-muted)' }}>
          Loading the price…
        </p>
      }
    >
      <WaitingPrice />
    </Suspense>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the price…');
    await expect(await canvas.findByText('€99 / year', {}, { timeout: 4000 })).toBeVisible();
    await expect(canvas.queryByText('€10 / month')).toBeNull();
  },
};
