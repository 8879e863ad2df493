import { userEvent } from 'vitest/browser';
import { waitFor } from '../../../tooling/render';
import {
  mountAnalytics,
  newToken,
  resetPage,
  sandboxUrl,
  setRemoteConfig,
  waitForEvents,
} from '../test/browser-helpers';
import { AnalyticsSurveys } from './AnalyticsSurveys';

/** PostHog's survey object as its `/api/surveys/` serves it (the keys posthog-js 1.449 reads). */
const SURVEY = {
  id: 'nps-1',
  name: 'NPS after checkout',
  type: 'popover',
  start_date: '2026-01-01T00:00:00Z',
  end_date: null,
  conditions: null,
  linked_flag_key: null,
  targeting_flag_key: null,
  internal_targeting_flag_key: null,
  appearance: null,
  questions: [
    { id: 'q-rating', type: 'rating', question: 'How likely are you to recommend us?', scale: 5, display: 'number' },
    { id: 'q-why', type: 'open', question: 'What made you say so?', optional: true },
  ],
};

const setSurveys = (surveys: unknown[]) =>
  fetch(`${sandboxUrl()}/_sandbox/posthog/surveys`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ surveys }),
  });

/** The page's requests for posthog-js's survey code, whatever the dev server names the module. */
const surveyCode = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => /posthog-js_dist_surveys|\/api\/surveys\//.test(name));

beforeEach(() => resetPage());
afterEach(async () => {
  await setSurveys([]);
  await setRemoteConfig(null);
  resetPage();
});

// Its own file: the survey chunk is a page-wide module, so nothing else in this page may have imported it.
describe('surveys (real posthog-js against the sandbox, drawn by Plinth)', () => {
  it('fetches nothing while PostHog has no survey; then shows one, answered from the keyboard and captured', async () => {
    const quiet = newToken('surveys-none');
    const first = mountAnalytics(quiet, {
      config: { capabilities: { surveys: true } },
      children: <AnalyticsSurveys />,
    });
    await waitFor(() => expect(first.analytics.status()).toBe('ready'), { timeout: 10_000 });
    first.analytics.capture('no_survey_sentinel');
    // The sentinel: remote config answered (no surveys) and an event went out: no survey code, no survey request.
    await waitForEvents(quiet, (e) => e.some((x) => x.event === 'no_survey_sentinel'));
    expect(surveyCode(), String(surveyCode())).toEqual([]);
    expect(document.querySelector('[data-plinth-survey]')).toBeNull();
    first.unmount();

    await setSurveys([SURVEY]);
    const token = newToken('surveys');
    mountAnalytics(token, { config: { capabilities: { surveys: true } }, children: <AnalyticsSurveys /> });
    const region = await waitFor(
      () => {
        const found = document.querySelector<HTMLElement>('[data-plinth-survey="nps-1"]');
        if (!found) throw new Error('no survey yet');
        return found;
      },
      { timeout: 10_000 },
    );
    expect(region.getAttribute('aria-label')).toBe('Survey');
    // The keyboard: Tab reaches the rating's first radio, the arrows choose, Tab to the text, type, Enter submits.
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab(); // the survey is the page's only content here
    expect(document.activeElement).toBe(region.querySelector('input[type="radio"][value="1"]'));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}'); // 4
    await userEvent.tab();
    expect(document.activeElement?.tagName).toBe('TEXTAREA');
    await userEvent.keyboard('Fast delivery');
    await userEvent.tab(); // the Submit button
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('status'));

    const received = await waitForEvents(token, (e) => e.some((x) => x.event === 'survey sent'));
    expect(received.filter((e) => e.event === 'survey shown')).toHaveLength(1); // once, under StrictMode
    expect(received.find((e) => e.event === 'survey shown')?.properties).toMatchObject({ $survey_id: 'nps-1' });
    expect(received.find((e) => e.event === 'survey sent')?.properties).toMatchObject({
      $survey_id: 'nps-1',
      $survey_name: 'NPS after checkout',
      '$survey_response_q-rating': 4,
      '$survey_response_q-why': 'Fast delivery',
      $survey_completed: true,
    });
    expect(surveyCode().length).toBeGreaterThan(0); // the positive control of the absence above
  });
});
