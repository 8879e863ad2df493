import type { SurveyDefinition, SurveyQuestion } from '../surveyTypes';

/** The part of posthog-js's `Survey` Plinth reads (its question types `open`, `rating`, `single_choice`, `multiple_choice`). */
interface PosthogSurvey {
  id: string;
  name: string;
  questions: {
    id?: string;
    type: string;
    question: string;
    description?: string | null;
    optional?: boolean;
    scale?: number;
    lowerBoundLabel?: string;
    upperBoundLabel?: string;
    choices?: string[];
  }[];
}

/** posthog-js's matched surveys in Plinth's words; a survey with a question type Plinth does not draw (link) is left out. */
export function toSurveyDefinitions(found: readonly unknown[]): SurveyDefinition[] {
  const out: SurveyDefinition[] = [];
  for (const survey of found as PosthogSurvey[]) {
    const questions: SurveyQuestion[] = [];
    for (const [index, q] of survey.questions.entries()) {
      const base = {
        id: q.id ?? String(index),
        question: q.question,
        ...(q.description && { description: q.description }),
        ...(q.optional && { optional: true }),
      };
      if (q.type === 'open') questions.push({ ...base, type: 'open' });
      else if (q.type === 'rating')
        questions.push({
          ...base,
          type: 'rating',
          scale: q.scale ?? 5,
          ...(q.lowerBoundLabel && { lowerLabel: q.lowerBoundLabel }),
          ...(q.upperBoundLabel && { upperLabel: q.upperBoundLabel }),
        });
      else if ((q.type === 'single_choice' || q.type === 'multiple_choice') && q.choices)
        questions.push({ ...base, type: q.type, choices: [...q.choices] });
    }
    if (questions.length === survey.questions.length && questions.length > 0)
      out.push({ id: survey.id, name: survey.name, questions });
  }
  return out;
}
