import type { Meta, StoryObj } from '@storybook/react-vite';
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
  const dark = theme.value === 'dark';
  return (
    <article aria-label="Checkout" style={{ padding: 16, maxWidth: 320 }}>
      <p
        style={{
          padding: 8,
          borderRadius: 6,
          background: dark ? '#1d1d1f' : '#f5f5f7',
          color: dark ? '#f5f5f7' : '#1d1d1f',
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

/** The dark theme. */
export const Dark: Story = {
  parameters: { flags: { values: { theme: 'dark' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/theme from live/)).toBeVisible();
  },
};

/** Still loading: defaults showing, the live values land after a delay. */
export const Loading: Story = {
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
