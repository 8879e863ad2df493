import { useConsent } from '@plinth/core';
import { TestConsentProvider } from '@plinth/core/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { framed, phone } from '../stories/support';
import { ConsentBanner } from './ConsentBanner';

/** The banner as `ConsentGate` shows it: while a choice is pending; afterwards, what was chosen. */
function Gate() {
  const consent = useConsent();
  if (consent.pending) return <ConsentBanner consent={consent} />;
  return <p role="status">Saved: {consent.store.categories.map((id) => `${id} ${consent.status(id)}`).join(', ')}.</p>;
}

const meta = {
  title: 'demo/Consent banner',
  component: ConsentBanner,
  render: () => (
    <TestConsentProvider>
      <Gate />
    </TestConsentProvider>
  ),
  decorators: [framed()],
  // The `consent` prop is the live consent object from `useConsent()`, not something to edit by hand.
  argTypes: { consent: { table: { disable: true }, control: false } },
  parameters: {
    layout: 'fullscreen',
    docsHeight: '36rem',
    docs: {
      description: {
        component:
          'Appears on the first visit, and again after "Ask me again" on the Privacy page, while any consent category (analytics, monitoring, functional) is pending. It is fixed at the bottom (a bottom sheet on phones), so its buttons are on screen without scrolling; nothing is loaded, stored or sent for a category until it is granted. **Accept all** and **Reject all** are the labels automation relies on.',
      },
    },
  },
} satisfies Meta<typeof ConsentBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

// `consent` comes from the provider in `render`; stories pass nothing.
const args = {} as Story['args'];

/** The first visit on a desktop: three choices, nothing sent yet. */
export const Desktop: Story = {
  args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('dialog', { name: 'Your privacy choices' })).toBeVisible();
    for (const name of ['Accept all', 'Reject all', 'Choose…'])
      await expect(canvas.getByRole('button', { name })).toBeVisible();
  },
};

/** The first visit on a phone: a bottom sheet across the full width. */
export const Phone: Story = { ...Desktop, parameters: phone };

/** After "Choose…": one checkbox per category, with what it covers; "Save choices" stores exactly those. */
export const Choosing: Story = {
  args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose…' }));
    await expect(canvas.getByRole('group', { name: 'Allow' })).toBeVisible();
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: 'Save choices' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Choose…' })).toBeNull();
  },
};

/** "Choose…" on a phone: the sheet grows upwards, its buttons stay on screen. */
export const ChoosingPhone: Story = {
  ...Choosing,
  parameters: phone,
  play: async (context) => {
    await Choosing.play?.(context);
    const save = within(context.canvasElement).getByRole('button', { name: 'Save choices' });
    const { bottom } = save.getBoundingClientRect();
    await expect(bottom).toBeLessThanOrEqual(window.innerHeight);
  },
};

/** Monitoring only, through "Choose…": the banner goes and the choice is stored per category. */
export const SavedChoice: Story = {
  args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose…' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: /Monitoring/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save choices' }));
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Saved: analytics denied, monitoring granted, functional denied.',
    );
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};
