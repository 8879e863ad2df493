import { useConsent } from '@plinth/core';
import { TestConsentProvider } from '@plinth/core/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { framed } from '../stories/support';
import { ConsentBanner } from './ConsentBanner';

/** The banner as `ConsentGate` shows it: while a choice is pending; afterwards, what was chosen. */
function Gate() {
  const consent = useConsent();
  if (consent.pending) return <ConsentBanner consent={consent} />;
  return (
    <main>
      <p role="status">Saved: {consent.store.categories.map((id) => `${id} ${consent.status(id)}`).join(', ')}.</p>
    </main>
  );
}

const meta = {
  title: 'demo/Consent banner',
  tags: ['beta'],
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
        component: `Asks a visitor, once, what the demo may do: measure use (analytics), be told when something breaks (monitoring), remember feature settings (functional). Nothing is loaded, stored or sent for a category until it is granted.

It appears on the first visit, and again after **Ask me again** on the Privacy page: whenever any category is pending. It is fixed at the bottom-left on wide screens and a bottom sheet across the full width on phones (up to 40rem); in the demo, where the inspector is open on screens 70rem and wider, it sits at the bottom-right over the inspector's column instead (covering the inspector's lower entries until a choice, never page text: see *demo/Inspector*, "Beside the consent banner"), and below 70rem above the inspector's bar or panel, so its buttons are on screen without scrolling, and the page keeps room below its content so nothing is stuck behind it. It is not modal: the page stays usable until a choice.

Its states: the first question (**Accept all**, **Reject all**, **Choose…**); after **Choose…**, one checkbox per category with what it covers and **Save choices**; after any choice it is gone (the Privacy page changes the choice later).

**When to use**: once, by \`ConsentGate\` in \`Layout\`; never on a single page or inside a flow.

**Do**
- Give **Accept all** and **Reject all** the same look (both filled), the same size and the same one click: refusing is as easy and as prominent as accepting.
- Say what each category does in one plain line, next to its checkbox.
- Keep the labels "Accept all" and "Reject all": automation and the demo's docs rely on them.

**Don't**
- Pre-tick a checkbox, or send anything before a choice.
- Cover the page with it (no backdrop, no scroll lock) or hide its buttons below the fold on a phone.`,
      },
    },
  },
} satisfies Meta<typeof ConsentBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

// `consent` comes from the provider in `render`; stories pass nothing.
const args = {} as Story['args'];

/**
 * The first visit (or after "Ask me again"): three choices, nothing sent yet. At the bottom-left on a desktop; on a
 * phone (any screen up to 40rem) a bottom sheet across the full width (the grid above shows both).
 */
export const FirstVisit: Story = {
  args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('dialog', { name: 'Your privacy choices' })).toBeVisible();
    for (const name of ['Accept all', 'Reject all', 'Choose…'])
      await expect(canvas.getByRole('button', { name })).toBeVisible();
    // Refusing is as prominent as accepting: the two buttons are drawn alike (fill, text, border, weight, size).
    const look = (name: string) => {
      const button = canvas.getByRole('button', { name });
      const { backgroundColor, color, borderColor, borderWidth, fontWeight } = getComputedStyle(button);
      return { backgroundColor, color, borderColor, borderWidth, fontWeight, height: button.offsetHeight };
    };
    await expect(look('Reject all')).toEqual(look('Accept all'));
  },
};

/**
 * After "Choose…": one checkbox per category, with what it covers; "Save choices" stores exactly those. On a phone
 * the sheet grows upwards and its buttons stay on screen.
 */
export const Choosing: Story = {
  args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose…' }));
    await expect(canvas.getByRole('group', { name: 'Allow' })).toBeVisible();
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: 'Save choices' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Choose…' })).toBeNull();
    // Its last button is on screen without scrolling (a phone's sheet grows upwards).
    const { bottom } = canvas.getByRole('button', { name: 'Save choices' }).getBoundingClientRect();
    await expect(bottom).toBeLessThanOrEqual(window.innerHeight);
  },
};

/**
 * Monitoring only, through "Choose…" (unticked categories are refused): the banner goes and the choice is stored per
 * category; the line below stands in for the page and says what was stored.
 */
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

/**
 * "Accept all": the banner goes at the click, and every category is granted just after the next paint (so the
 * click answers at once, before the vendors start loading).
 */
export const AcceptedAll: Story = {
  args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Accept all' }));
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Saved: analytics granted, monitoring granted, functional granted.',
    );
  },
};

/** "Reject all": the banner goes and every category is refused; nothing is ever loaded or sent. */
export const RejectedAll: Story = {
  args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reject all' }));
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Saved: analytics denied, monitoring denied, functional denied.',
    );
  },
};
