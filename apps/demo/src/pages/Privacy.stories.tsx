import type { ConsentStatus } from '@plinth/core';
import { TestConsentProvider } from '@plinth/core/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
// The demo's styles, as the app draws the page (the other demo stories load them the same way).
import '../stories/support';
import { Privacy } from './Privacy';

type Decisions = Partial<Record<'analytics' | 'monitoring' | 'functional', ConsentStatus>>;

/** What the visitor chose before opening the page, by name. */
const STORED = {
  'Analytics refused, the rest allowed': { analytics: 'denied', monitoring: 'granted', functional: 'granted' },
  'Nothing chosen yet': {},
  'Everything allowed': { analytics: 'granted', monitoring: 'granted', functional: 'granted' },
  'Everything refused': { analytics: 'denied', monitoring: 'denied', functional: 'denied' },
} satisfies Record<string, Decisions>;

interface PageProps {
  /** The choices stored before the page opened (a fresh consent store per choice). */
  decisions: keyof typeof STORED;
  /** A consent platform keeps the choices (`/?cmp=tcf` in the demo): the page shows them and sends to its dialog. */
  keptByCmp?: boolean;
  /** Called when the page opens the CMP's own dialog. */
  onOpenCmp?: () => void;
}

/** The Privacy page as `/privacy` renders it, over a consent store of its own (nothing is saved). */
function Page({ decisions, keptByCmp = false, onOpenCmp = () => {} }: PageProps) {
  return (
    <TestConsentProvider key={decisions} decisions={STORED[decisions]}>
      <main>
        <Privacy cmp={keptByCmp ? { name: 'Demo CMP (IAB TCF)', show: onOpenCmp } : undefined} />
      </main>
    </TestConsentProvider>
  );
}

const meta = {
  title: 'demo/Privacy page',
  tags: ['beta'],
  component: Page,
  argTypes: {
    decisions: {
      control: 'select',
      options: Object.keys(STORED),
      description: 'What the visitor chose before opening the page (nothing is saved: a fresh store per choice).',
    },
    keptByCmp: {
      control: 'boolean',
      description: "A consent platform keeps the choices: the page shows what it decided and opens the CMP's dialog.",
    },
  },
  args: { onOpenCmp: fn() },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component: `The **Privacy** page (\`/privacy\`, last in the main nav): where a visitor sees and changes what they chose in the consent banner, at any time.

Each consent category (analytics, monitoring, functional) has its current status (*granted*, *denied* or *pending*) and **Allow** / **Deny**. The choice in force is filled and pressed (\`aria-pressed\`); a change takes effect at once (a vendor starts or stops without a reload). **Ask me again** forgets every choice: every category is pending again and the consent banner comes back.

Where a consent platform keeps the choices (a CMP speaking IAB's TCF or GPP, \`/?cmp=tcf\` or \`/?cmp=gpp\` in the demo), the page shows what the store holds from it, names it, and offers one button to its own dialog: no Allow / Deny of its own, which the CMP would overwrite.

**When to use**: it is the one place to change a consent choice after the banner; link to it wherever the product mentions tracking or cookies.

**Do**
- Make each category's choice one press, in either direction, as easy as in the banner.
- Show the choice in force on the buttons themselves (filled, pressed), not only in the status word.

**Don't**
- Ask for a confirmation or a reload to refuse a category.
- Hide the page behind a sign-in: consent belongs to the browser, signed in or not.`,
      },
    },
  },
} satisfies Meta<typeof Page>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A returning visitor who chose per category (analytics refused, monitoring and functional allowed). On a phone each
 * category's status and buttons wrap under its name.
 */
export const ChosenPerCategory: Story = {
  args: { decisions: 'Analytics refused, the rest allowed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Privacy choices' })).toBeVisible();
    await expect(canvas.getByTestId('consent-analytics')).toHaveTextContent('denied');
    await expect(canvas.getByTestId('consent-monitoring')).toHaveTextContent('granted');
  },
};

/** Before any choice, or after "Ask me again" (the banner shows over the page in the app): every category pending. */
export const Pending: Story = {
  args: { decisions: 'Nothing chosen yet' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('consent-functional')).toHaveTextContent('pending');
  },
};

/** "Allow" on analytics: granted at once, the others unchanged; the choice in force is pressed (`aria-pressed`). */
export const AllowAnalytics: Story = {
  args: { decisions: 'Analytics refused, the rest allowed' },
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

/** "Ask me again": every choice forgotten, every category pending again (the banner comes back in the app). */
export const AskAgain: Story = {
  args: { decisions: 'Analytics refused, the rest allowed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Ask me again' }));
    for (const id of ['analytics', 'monitoring', 'functional'])
      await expect(canvas.getByTestId(`consent-${id}`)).toHaveTextContent('pending');
  },
};

/**
 * A consent platform keeps the choices (`/?cmp=tcf` or `/?cmp=gpp` in the demo): the page shows what the store holds
 * from it, with no Allow / Deny of its own (the CMP would overwrite them), and sends the visitor to the CMP's dialog.
 */
export const KeptByACmp: Story = {
  args: { decisions: 'Analytics refused, the rest allowed', keptByCmp: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('consent-analytics')).toHaveTextContent('denied');
    await expect(canvas.getByText(/kept by Demo CMP \(IAB TCF\)/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Allow' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Ask me again' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Change them in Demo CMP (IAB TCF)' }));
    await expect(args.onOpenCmp).toHaveBeenCalledTimes(1);
  },
};
