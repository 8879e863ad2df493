import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { act, fireEvent, render, screen, waitFor } from '../../../tooling/render';
import { AnalyticsSurveys } from './AnalyticsSurveys';
import SurveyForm from './SurveyForm';
import type { SurveyDefinition } from './surveyTypes';
import { createTestAnalytics, TestAnalyticsProvider } from './testing';

const SURVEY: SurveyDefinition = {
  id: 's-1',
  name: 'Features',
  questions: [{ id: 'q1', type: 'multiple_choice', question: 'Which would you use?', choices: ['Exports', 'Sharing'] }],
};

describe('AnalyticsSurveys (under StrictMode)', () => {
  it('captures survey shown once and survey dismissed on Escape, then draws nothing', async () => {
    const analytics = createTestAnalytics({ surveys: [SURVEY] });
    render(
      <TestAnalyticsProvider instance={analytics}>
        <AnalyticsSurveys labels={{ survey: 'Quick question' }} />
      </TestAnalyticsProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Quick question' });
    fireEvent.keyDown(region, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(analytics.events).toEqual([
      { event: 'survey shown', properties: { $survey_id: 's-1', $survey_name: 'Features' } },
      { event: 'survey dismissed', properties: { $survey_id: 's-1', $survey_name: 'Features' } },
    ]);
  });

  it('a dismissal before its survey shown was sent still follows it (a CI run on a loaded machine: dismissed, then shown)', () => {
    const events: string[] = [];
    // Escape while React commits the form, before its passive effects have run (as a visitor's key can, on a busy
    // page): from a parent's layout effect.
    function EscapeAtCommit({ children }: { children: ReactNode }) {
      const pressed = useRef(false);
      useLayoutEffect(() => {
        if (pressed.current) return; // once: StrictMode runs effects twice
        pressed.current = true;
        fireEvent.keyDown(document.querySelector('[data-plinth-survey]')!, { key: 'Escape' });
      }, []);
      return children;
    }
    render(
      <EscapeAtCommit>
        <SurveyForm
          survey={SURVEY}
          send={(event) => events.push(event)}
          onDismissed={() => {}}
          labels={{ survey: 'Survey', submit: 'Submit', dismiss: 'Not now', thanks: 'Thanks' }}
        />
      </EscapeAtCommit>,
    );
    expect(events).toEqual(['survey shown', 'survey dismissed']);
  });

  it('sends the chosen answers as posthog-js does', async () => {
    const analytics = createTestAnalytics({ surveys: [SURVEY] });
    render(
      <TestAnalyticsProvider instance={analytics}>
        <AnalyticsSurveys />
      </TestAnalyticsProvider>,
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Exports' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sharing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Thank you'));
    expect(analytics.events.at(-1)).toEqual({
      event: 'survey sent',
      properties: {
        $survey_id: 's-1',
        $survey_name: 'Features',
        $survey_response_q1: ['Exports', 'Sharing'],
        $survey_questions: [{ id: 'q1', question: 'Which would you use?', response: ['Exports', 'Sharing'] }],
        $survey_completed: true,
      },
    });
  });

  it('draws nothing while the SDK is not ready (a survey is never shown before consent)', async () => {
    const analytics = createTestAnalytics({ surveys: [SURVEY], status: 'waiting-consent' });
    render(
      <TestAnalyticsProvider instance={analytics}>
        <AnalyticsSurveys />
      </TestAnalyticsProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50)); // the form's chunk is cached by the tests above
    expect(screen.queryByRole('region')).toBeNull();
    act(() => analytics.setStatus('ready')); // the positive control: the same tree shows it once ready
    expect(await screen.findByRole('region', { name: 'Survey' })).toBeTruthy();
  });
});
