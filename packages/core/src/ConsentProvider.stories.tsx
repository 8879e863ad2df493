import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ConsentProvider, useConsent } from './ConsentProvider';
import { createTestConsent } from './testing';

/** A minimal banner built on `useConsent()`; the demo's banner is the full example. */
function Banner() {
  const consent = useConsent();
  if (!consent.pending) {
    return (
      <p>
        analytics: {consent.status('analytics')}, monitoring: {consent.status('monitoring')}{' '}
        <button type="button" onClick={() => consent.reset()}>
          Change
        </button>
      </p>
    );
  }
  return (
    <section aria-label="Privacy choices">
      <p>We use analytics and error monitoring to improve the product.</p>
      <button type="button" onClick={() => consent.grant()}>
        Accept all
      </button>
      <button type="button" onClick={() => consent.deny()}>
        Reject all
      </button>
    </section>
  );
}

const meta = {
  title: 'core/ConsentProvider',
  component: ConsentProvider,
  render: (args) => (
    <ConsentProvider {...args}>
      <Banner />
    </ConsentProvider>
  ),
  // The store is a live object each story creates; the options (an alternative to it) are not set here.
  argTypes: { store: { control: false }, options: { control: false } },
} satisfies Meta<typeof ConsentProvider>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No choice made yet: the banner shows. */
export const Pending: Story = {
  args: { store: createTestConsent() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Accept all' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reject all' })).toBeVisible();
  },
};

/** The visitor clicks "Accept all": every category is granted and the banner goes. */
export const Accepted: Story = {
  args: { store: createTestConsent() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Accept all' }));
    await expect(canvas.getByText(/analytics: granted, monitoring: granted/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Accept all' })).toBeNull();
  },
};

export const Decided: Story = {
  args: { store: createTestConsent({ analytics: 'denied', monitoring: 'granted', functional: 'granted' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/analytics: denied, monitoring: granted/)).toBeVisible();
  },
};
