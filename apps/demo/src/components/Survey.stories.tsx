import type { SurveyDefinition } from '@plinth/analytics';
import { createTestAnalytics, TestAnalyticsProvider } from '@plinth/analytics/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Survey } from '../facilities';
import { phone } from '../stories/support';

/** The survey `pnpm start`'s sandbox serves (scripts/dev.mjs, `DEMO_SURVEY`), as @plinth/analytics hands it over. */
const FINDABILITY: SurveyDefinition = {
  id: 'plinth-demo-findability',
  name: 'Plinth demo: finding things',
  questions: [
    { id: 'ease', type: 'rating', question: 'How easy was it to find what you needed?', scale: 5 },
    { id: 'why', type: 'open', question: 'Anything we could make easier?', optional: true },
  ],
};

/** A page's end with the survey below it, as `Layout` places it, over the testing fake (no PostHog). */
function Page() {
  const [analytics] = useState(() => createTestAnalytics({ surveys: [FINDABILITY] }));
  return (
    <TestAnalyticsProvider instance={analytics}>
      <main>
        <h1>The integration layer, composed</h1>
        <p>The page ends here; PostHog's survey for this visitor, if there is one, follows it.</p>
        <Survey />
      </main>
    </TestAnalyticsProvider>
  );
}

const meta = {
  title: 'demo/Survey',
  tags: ['beta'],
  component: Page,
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component: `PostHog's survey for this visitor (\`capabilities.surveys\`), drawn by @plinth/analytics's \`<AnalyticsSurveys />\` below every page in the demo's colours (\`.survey\` in styles.css: the surface, text, accent and border tokens). It shows only when PostHog has a survey for the visitor: \`pnpm start\`'s sandbox serves this one, the journeys' sandbox none.

**When to use**: one short question at a time, after the visitor has done something; never over the page's content.

**Do**
- Keep it below the page: nothing the visitor came for moves or is covered.

**Don't**
- Ask before consent: surveys come with analytics consent, as every PostHog request does.`,
      },
    },
  },
} satisfies Meta<typeof Page>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The demo's survey on a desktop-wide page: a 1–5 rating and an optional text, Submit or Not now. */
export const Shown: Story = {
  play: async ({ canvasElement }) => {
    const survey = await within(canvasElement).findByRole('region', { name: 'Survey' });
    await expect(within(survey).getByRole('group', { name: 'How easy was it to find what you needed?' })).toBeVisible();
    await expect(within(survey).getByRole('button', { name: 'Submit' })).toBeVisible();
  },
};

/** At a phone's width, answered: the thanks takes the focus (the form the visitor was in is gone). */
export const AnsweredOnAPhone: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: '4' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveFocus());
  },
};

/**
 * A check of the toolbar's Focus order (`.storybook/focus-order.ts`), not a state: each element the Tab key reaches
 * is numbered in the order it reaches it, its outline drawn over the element; the unanswered rating is one stop (its
 * first radio), the text box, Submit and Not now the next three.
 */
export const FocusOrderShown: Story = {
  tags: ['!autodocs', '!dev', 'check'],
  globals: { focusOrder: 'on' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('region', { name: 'Survey' });
    const marks = await waitFor(() => {
      const drawn = [...document.querySelectorAll<HTMLElement>('[data-focus-order-index]')];
      expect(drawn).toHaveLength(4);
      return drawn;
    });
    (document.activeElement as HTMLElement | null)?.blur();
    for (const [i, mark] of marks.entries()) {
      await userEvent.tab();
      const focused = document.activeElement?.getBoundingClientRect();
      const outline = mark.getBoundingClientRect();
      await expect(mark.dataset.focusOrderIndex).toBe(String(i + 1));
      await expect(mark.textContent).toBe(String(i + 1));
      await expect([outline.left, outline.top, outline.width, outline.height].map(Math.round)).toEqual(
        [focused?.left, focused?.top, focused?.width, focused?.height].map((n) => Math.round(n ?? Number.NaN)),
      );
    }
  },
};
