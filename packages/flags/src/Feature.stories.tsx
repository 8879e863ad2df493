import type { Meta, StoryObj } from '@storybook/react-vite';
import { Suspense } from 'react';
import { expect, within } from 'storybook/test';
import { Feature } from './Feature';
import { testFlags } from './test-flags';
import { withFlags } from './testing';
import { useFlagDetails } from './useFlag';
import { useFlagsStatus } from './useFlagsStatus';
import { useVariant } from './useVariant';

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
        background: 'var(--color-bg)',
        color: 'var(--color-text)',
      }}
    >
      <p
        style={{
          padding: 'var(--space-2)',
          borderRadius: 'var(--radius)',
          background: 'var(--color-surface)',
          border: '1px solid var(--color-border)',
        }}
      >
        Flags: <strong>{status}</strong> (theme from {theme.source})
      </p>
      <Feature flag="new-checkout" fallback={<button type="button">Checkout</button>}>
        <button type="button">One-click checkout</button>
      </Feature>
      <p>
        Price: <strong>{price === 'control' ? '€10 / month' : price === 'a' ? '€9 / month' : '€99 / year'}</strong>
      </p>
      <Feature flag="price-test" match={['a', 'b']}>
        <p>Experiment variant {price}</p>
      </Feature>
    </article>
  );
}

const meta = {
  title: 'flags/Feature',
  component: CheckoutCard,
  decorators: [withFlags(testFlags)],
} satisfies Meta<typeof CheckoutCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The catalogue defaults: what a visitor sees before (or without) the flag service. */
export const Defaults: Story = {
  parameters: { flags: { status: 'timeout' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Checkout' })).toBeVisible();
    await expect(canvas.getByText('€10 / month')).toBeVisible();
  },
};

/** `new-checkout` on. */
export const NewCheckout: Story = {
  parameters: { flags: { values: { 'new-checkout': true } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'One-click checkout' })).toBeVisible();
  },
};

/** Experiment variant `a`. */
export const VariantA: Story = {
  parameters: { flags: { values: { 'price-test': 'a' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Experiment variant a')).toBeVisible();
  },
};

/** Experiment variant `b`. */
export const VariantB: Story = {
  parameters: { flags: { values: { 'price-test': 'b' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('€99 / year')).toBeVisible();
  },
};

/** The dark theme: the same card on the dark tokens. */
export const Dark: Story = {
  parameters: { flags: { values: { theme: 'dark' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/theme from live/)).toBeVisible();
    await expect(within(canvasElement).getByRole('article')).toHaveAttribute('data-theme', 'dark');
  },
};

/** Still loading, at rest: the catalogue defaults show until the flag service answers (here, never). */
export const Loading: Story = {
  parameters: { flags: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('loading')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Checkout' })).toBeVisible();
  },
};

/** Loading, then the live values land 1.5 s later (`delayMs`): what the switch from defaults looks like. */
export const LiveValuesArrive: Story = {
  parameters: { flags: { values: { 'new-checkout': true }, delayMs: 1500 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('loading')).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'One-click checkout' }, { timeout: 3000 })).toBeVisible();
  },
};

/** The flag service failed: defaults stay. */
export const Failed: Story = {
  parameters: { flags: { status: 'failed' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('failed')).toBeVisible();
  },
};

const priceText = { control: '€10 / month', a: '€9 / month', b: '€99 / year' } as const;

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
 * `useVariant('price-test', { suspend: true })` inside the app's own `<Suspense fallback>`: the placeholder
 * shows until the service answers (here 1 s), then the visitor's variant — the default price never shows.
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
