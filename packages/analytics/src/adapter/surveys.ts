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
    /** posthog-js draws the description as HTML unless this is `'text'` (its `renderAsHtml`). */
    descriptionContentType?: 'html' | 'text';
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
        ...(q.description && {
          description: q.descriptionContentType === 'text' ? q.description : htmlAsText(q.description),
        }),
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

/** A tag: its name, then anything up to the `>` that closes it (a quoted attribute may hold `>`). */
const TAG = `<(/?)([a-z][\\w-]*|!--[\\s\\S]*?--)(?:"[^"]*"|'[^']*'|[^'">])*>`;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** A numeric reference's character; U+FFFD for zero, a non-number or one past U+10FFFF (which would throw). */
const codePoint = (n: number) => String.fromCodePoint(n > 0 && n <= 0x10ffff ? n : 0xfffd);

/**
 * A description PostHog holds as HTML, as the text a visitor reads: Plinth's form draws text (React escapes it), so
 * no markup ever shows and nothing in it runs, without a sanitizer in the bundle (posthog-js's own is DOMPurify
 * inside its surveys.js, not exported) and without an HTML parser (`DOMParser`, `innerHTML`: Trusted Types sinks).
 * Scripts and styles go with their content, every tag and comment goes (a block's or a line break's as a space),
 * the five XML references, `&nbsp;` and numeric ones are decoded (others stay as written), runs of white space
 * become one space.
 */
function htmlAsText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(new RegExp(TAG, 'gi'), (_, _close, name: string) => (/^(p|div|br|li|h\d|tr|td)$/i.test(name) ? ' ' : ''))
    .replace(/&(#x?)?(\w+);/gi, (reference, hash?: string, value = '') =>
      hash ? codePoint(Number.parseInt(value, hash.length > 1 ? 16 : 10)) : (NAMED[value.toLowerCase()] ?? reference),
    )
    .replace(/[ \t\n\f\r]+/g, ' ')
    .trim();
}
