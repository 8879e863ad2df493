import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AnalyticsSurveys } from './AnalyticsSurveys';
import type { SurveyDefinition } from './surveyTypes';
import { createTestAnalytics, TestAnalyticsProvider } from './testing';

const NPS: SurveyDefinition = {
  id: 'nps-1',
  name: 'NPS after checkout',
  questions: [
    {
      id: 'q-rating',
      type: 'rating',
      question: 'How likely are you to recommend us?',
      scale: 5,
      lowerLabel: 'Not likely',
      upperLabel: 'Very likely',
    },
    { id: 'q-why', type: 'open', question: 'What made you say so?', optional: true },
  ],
};

const CHOICES: SurveyDefinition = {
  id: 'features-1',
  name: 'What next',
  questions: [
    {
      id: 'q-features',
      type: 'multiple_choice',
      question: 'Which would you use?',
      description: 'Tick as many as you like.',
      choices: ['Dark mode', 'Exports', 'Team sharing'],
    },
  ],
};

/** The survey as the app draws it, from the testing fake (no PostHog): what it records is what would be sent. */
function Survey({ survey, themed = false }: { survey: SurveyDefinition; themed?: boolean }) {
  const analytics = createTestAnalytics({ surveys: [survey] });
  return (
    <div
      style={
        themed
          ? ({
              '--plinth-survey-bg': '#fdf6e3',
              '--plinth-survey-fg': '#3b3a36',
              '--plinth-survey-accent': '#b5481f',
              '--plinth-survey-border': '#d9cfb5',
              '--plinth-survey-radius': '16px',
            } as React.CSSProperties)
          : undefined
      }
    >
      <TestAnalyticsProvider instance={analytics}>
        <AnalyticsSurveys />
      </TestAnalyticsProvider>
    </div>
  );
}

const meta = {
  title: 'analytics/AnalyticsSurveys',
  component: Survey,
  tags: ['autodocs', 'stable'],
  args: { survey: NPS },
} satisfies Meta<typeof Survey>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A rating and an open question; the rating answered with the arrow keys, as a radio group. */
export const Rating: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Survey' });
    await expect(within(region).getByRole('group', { name: 'How likely are you to recommend us?' })).toBeVisible();
    await expect(within(region).getByRole('textbox', { name: 'What made you say so?' })).toBeVisible();
  },
};

/** Several choices: checkboxes under a legend and its description. */
export const Choices: Story = { args: { survey: CHOICES } };

/** Themed by the app with the `--plinth-survey-*` custom properties. */
export const Themed: Story = { args: { themed: true } };

/** Sent: the thanks has the focus (the form the visitor was in is gone). */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: '4' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveFocus());
  },
};
