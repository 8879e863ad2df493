import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Send } from './SurveyForm';
import type { SurveyDefinition } from './surveyTypes';
import { useAnalytics, useAnalyticsStatus } from './useAnalytics';

export interface AnalyticsSurveysProps {
  /** The app's class on the survey's `<section>` (placement, spacing). Colours come from CSS custom properties. */
  className?: string;
  /** Words of the buttons and the thanks, in the app's language. */
  labels?: Partial<SurveyLabels>;
}

export interface SurveyLabels {
  /** The survey's accessible name (its landmark). Default `'Survey'`. */
  survey: string;
  submit: string;
  dismiss: string;
  thanks: string;
}

const LABELS: SurveyLabels = {
  survey: 'Survey',
  submit: 'Submit',
  dismiss: 'Not now',
  thanks: 'Thank you for your answer.',
};

/**
 * The first survey PostHog has for this visitor (with `capabilities.surveys`), drawn by Plinth rather than
 * posthog-js's own popover: a labelled region with native form controls (keyboard and screen readers as the browser
 * gives them), Escape or "Not now" to dismiss, focus kept on the region's thanks after sending. Captures PostHog's
 * `survey shown`, `survey sent` (`$survey_response_<question id>`, `$survey_questions`) and `survey dismissed`.
 * Renders nothing until the SDK is ready and has a survey, and nothing on the server.
 */
/** The form and its styles: a chunk of its own, fetched once a survey is there to show. */
const SurveyForm = lazy(() => import('./SurveyForm'));

export function AnalyticsSurveys({ className, labels }: AnalyticsSurveysProps) {
  const analytics = useAnalytics();
  const status = useAnalyticsStatus();
  // The survey on show stays until the visitor is done with it: posthog-js drops it from its matches once answered.
  const [survey, setSurvey] = useState<SurveyDefinition>();
  const done = useRef(new Set<string>());
  useEffect(
    () =>
      analytics.subscribeSurveys((found) => setSurvey((shown) => shown ?? found.find((s) => !done.current.has(s.id)))),
    [analytics],
  );
  if (!survey || status !== 'ready') return null;
  const send: Send = (event, properties) => (analytics.capture as Send)(event, properties);
  const dismissed = () => {
    done.current.add(survey.id);
    setSurvey(undefined);
  };
  return (
    <Suspense fallback={null}>
      <SurveyForm
        key={survey.id}
        survey={survey}
        send={send}
        onDismissed={dismissed}
        labels={{ ...LABELS, ...labels }}
        className={className}
      />
    </Suspense>
  );
}
