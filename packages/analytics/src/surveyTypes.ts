/** A survey PostHog's config has for this visitor (its targeting matched by posthog-js), in Plinth's words. */
export interface SurveyDefinition {
  id: string;
  /** The survey's name in PostHog (sent with its events; not shown). */
  name: string;
  questions: SurveyQuestion[];
}

interface QuestionBase {
  /** PostHog's question id: answers are sent as `$survey_response_<id>`. */
  id: string;
  question: string;
  description?: string;
  /** Optional questions may be left blank. */
  optional?: boolean;
}

export type SurveyQuestion =
  | (QuestionBase & { type: 'open' })
  | (QuestionBase & { type: 'rating'; scale: number; lowerLabel?: string; upperLabel?: string })
  | (QuestionBase & { type: 'single_choice' | 'multiple_choice'; choices: string[] });

/** PostHog's survey event names (posthog-js `SurveyEventName`), as the component captures them. */
export const SURVEY_EVENTS = { shown: 'survey shown', sent: 'survey sent', dismissed: 'survey dismissed' } as const;
