import { type CSSProperties, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { SurveyLabels } from './AnalyticsSurveys';
import { SURVEY_EVENTS, type SurveyDefinition, type SurveyQuestion } from './surveyTypes';

/**
 * Themed by the app with CSS custom properties (each with a default): `--plinth-survey-bg`, `--plinth-survey-fg`,
 * `--plinth-survey-accent`, `--plinth-survey-border`, `--plinth-survey-radius`, `--plinth-survey-font`.
 */
const box: CSSProperties = {
  background: 'var(--plinth-survey-bg, Canvas)',
  color: 'var(--plinth-survey-fg, CanvasText)',
  border: '1px solid var(--plinth-survey-border, GrayText)',
  borderRadius: 'var(--plinth-survey-radius, 8px)',
  font: 'var(--plinth-survey-font, inherit)',
  padding: '1rem',
  maxWidth: '28rem',
};
const submit: CSSProperties = {
  background: 'var(--plinth-survey-accent, LinkText)',
  color: 'var(--plinth-survey-bg, Canvas)',
  border: 0,
  borderRadius: 'var(--plinth-survey-radius, 8px)',
  padding: '0.5rem 1rem',
  font: 'inherit',
};
const fieldset: CSSProperties = { border: 0, margin: '0 0 1rem', padding: 0 };

type Answer = string | string[];
export type Send = (event: string, properties: Record<string, unknown>) => void;

/** One survey's form: its own chunk, fetched only when PostHog has a survey for this visitor. */
export default function SurveyForm({
  survey,
  send,
  onDismissed,
  labels,
  className,
}: {
  survey: SurveyDefinition;
  send: Send;
  onDismissed: () => void;
  labels: SurveyLabels;
  className?: string | undefined;
}) {
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [state, setState] = useState<'open' | 'sent'>('open');
  const shown = useRef(false);
  const thanks = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const about = { $survey_id: survey.id, $survey_name: survey.name };

  // `survey shown` once (StrictMode's second effect included), and before anything the visitor does with the form: a
  // key or a click can arrive between React's commit and its effects (a CI run: dismissed, then shown).
  const announce = () => {
    if (shown.current) return;
    shown.current = true;
    send(SURVEY_EVENTS.shown, about);
  };
  useEffect(announce);
  useEffect(() => {
    if (state === 'sent') thanks.current?.focus(); // the form the visitor was in is gone: they land on its answer
  }, [state]);

  const dismiss = () => {
    announce();
    send(SURVEY_EVENTS.dismissed, about);
    onDismissed();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // As posthog-js sends them: a rating as a number, choices as the chosen text(s).
    const response = (q: SurveyQuestion) =>
      q.type === 'rating' && answers[q.id] ? Number(answers[q.id]) : answers[q.id];
    const responses: Record<string, unknown> = {};
    for (const q of survey.questions)
      if (answers[q.id] !== undefined) responses[`$survey_response_${q.id}`] = response(q);
    announce();
    send(SURVEY_EVENTS.sent, {
      ...about,
      ...responses,
      $survey_questions: survey.questions.map((q) => ({ id: q.id, question: q.question, response: response(q) })),
      $survey_completed: true,
    });
    setState('sent');
  };

  return (
    <section
      className={className}
      style={box}
      aria-label={labels.survey}
      data-plinth-survey={survey.id}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && state === 'open') dismiss();
      }}
    >
      {state === 'sent' ? (
        <p ref={thanks} tabIndex={-1} role="status">
          {labels.thanks}
        </p>
      ) : (
        <form onSubmit={onSubmit}>
          {survey.questions.map((q, index) => (
            <Question
              key={q.id}
              id={`${id}-${index}`}
              question={q}
              answer={answers[q.id]}
              onAnswer={(answer) => setAnswers((a) => ({ ...a, [q.id]: answer }))}
            />
          ))}
          <div style={{ display: 'flex', gap: '0.5rem' }}>
            <button type="submit" style={submit}>
              {labels.submit}
            </button>
            <button type="button" onClick={dismiss}>
              {labels.dismiss}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Question({
  id,
  question: q,
  answer,
  onAnswer,
}: {
  id: string;
  question: SurveyQuestion;
  answer: Answer | undefined;
  onAnswer: (answer: Answer) => void;
}) {
  const description = q.description ? <p id={`${id}-d`}>{q.description}</p> : null;
  const describedBy = q.description ? `${id}-d` : undefined;
  if (q.type === 'open') {
    return (
      <div style={fieldset}>
        <label htmlFor={id} style={{ display: 'block', fontWeight: 600 }}>
          {q.question}
        </label>
        {description}
        <textarea
          id={id}
          aria-describedby={describedBy}
          required={!q.optional}
          value={typeof answer === 'string' ? answer : ''}
          onChange={(e) => onAnswer(e.target.value)}
          rows={3}
          style={{ width: '100%', font: 'inherit' }}
        />
      </div>
    );
  }
  const options =
    q.type === 'rating'
      ? Array.from({ length: q.scale }, (_, i) => String(i + 1))
      : (q as Extract<SurveyQuestion, { choices: string[] }>).choices;
  const many = q.type === 'multiple_choice';
  const chosen = Array.isArray(answer) ? answer : answer === undefined ? [] : [answer];
  return (
    <fieldset style={fieldset} aria-describedby={describedBy}>
      <legend style={{ fontWeight: 600 }}>{q.question}</legend>
      {description}
      {q.type === 'rating' && (q.lowerLabel || q.upperLabel) && (
        <p>
          1 = {q.lowerLabel}, {q.scale} = {q.upperLabel}
        </p>
      )}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
        {options.map((option) => (
          <label key={option} style={{ display: 'inline-flex', gap: '0.25rem', alignItems: 'center' }}>
            <input
              type={many ? 'checkbox' : 'radio'}
              name={id}
              value={option}
              required={!many && !q.optional}
              checked={chosen.includes(option)}
              onChange={(e) =>
                onAnswer(many ? (e.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option)) : option)
              }
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
