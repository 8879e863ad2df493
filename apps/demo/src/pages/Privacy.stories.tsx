import type { ConsentStatus } from '@plinth/core';
import { TestConsentProvider } from '@plinth/core/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { phone } from '../stories/support';
import { Privacy } from './Privacy';

type Decisions = Partial<Record<'analytics' | 'monitoring' | 'functional', ConsentStatus>>;

function Page({ decisions }: { decisions: Decisions }) {
  return (
    <TestConsentProvider decisions={decisions}>
      <main>
        <Privacy />
      </main>
    </TestConsentProvider>
  );
}

const meta = {
  title: 'demo/Privacy page',
  component: Page,
  // The stored choices are the story's setting, not a JSON object to edit.
  argTypes: { decisions: { control: false } },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The **Privacy** page (`/privacy`, in the main nav): each consent category with its current status and **Allow** / **Deny**, which take effect at once (a vendor starts or stops without a reload), and **Ask me again**, which forgets every choice and brings the consent banner back.',
      },
    },
  },
} satisfies Meta<typeof Page>;
export default meta;
type Story = StoryObj<typeof meta>;

const mixed: Decisions = { analytics: 'denied', monitoring: 'granted', functional: 'granted' };

/** After a choice per category: analytics refused, monitoring and functional allowed. */
export const Desktop: Story = {
  args: { decisions: mixed },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Privacy choices' })).toBeVisible();
    await expect(canvas.getByTestId('consent-analytics')).toHaveTextContent('denied');
    await expect(canvas.getByTestId('consent-monitoring')).toHaveTextContent('granted');
  },
};
export const Phone: Story = { ...Desktop, parameters: phone };

/** Before any choice (the banner is showing too): every category pending. */
export const Pending: Story = {
  args: { decisions: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('consent-functional')).toHaveTextContent('pending');
  },
};

/** "Allow" on analytics: granted at once, the others unchanged; the choice in force is pressed (`aria-pressed`). */
export const AllowAnalytics: Story = {
  args: { decisions: mixed },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [allowAnalytics] = canvas.getAllByRole('button', { name: 'Allow' });
    const [denyAnalytics] = canvas.getAllByRole('button', { name: 'Deny' });
    await userEvent.click(allowAnalytics as HTMLElement);
    await expect(canvas.getByTestId('consent-analytics')).toHaveTextContent('granted');
    // The choice in force reads as selected (aria-pressed), the other not.
    await expect(allowAnalytics).toHaveAttribute('aria-pressed', 'true');
    await expect(denyAnalytics).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByTestId('consent-monitoring')).toHaveTextContent('granted');
  },
};

/** "Ask me again": every choice forgotten (the banner comes back in the app). */
export const AskAgain: Story = {
  args: { decisions: mixed },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Ask me again' }));
    for (const id of ['analytics', 'monitoring', 'functional'])
      await expect(canvas.getByTestId(`consent-${id}`)).toHaveTextContent('pending');
  },
};
