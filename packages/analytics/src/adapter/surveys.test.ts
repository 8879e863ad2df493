import { toSurveyDefinitions } from './surveys';

/** A posthog-js survey (as onActiveMatchingSurveysChanged hands it) with one open question. */
const survey = (question: Record<string, unknown>) => [
  { id: 's-1', name: 'Features', questions: [{ id: 'q1', type: 'open', question: 'Anything else?', ...question }] },
];
const description = (question: Record<string, unknown>) =>
  toSurveyDefinitions(survey(question))[0]?.questions[0]?.description;

describe('toSurveyDefinitions: a description written as HTML in PostHog', () => {
  it('is the text a visitor reads, never raw markup (posthog-js draws it as HTML unless its type is text)', () => {
    const html =
      '<p>Tell us <strong>what&nbsp;you think</strong> &amp; <a href="https://example.com/?a=1&b=2" title="a > b">why</a>.</p>' +
      '<script>alert(1)</script><style>p{color:red}</style><!-- note --><ul><li>one</li><li>two&#33;</li></ul>';
    const text = 'Tell us what\u00a0you think & why. one two!';
    expect(description({ description: html, descriptionContentType: 'html' })).toBe(text);
    // No type: posthog-js renders it as HTML as well (`renderAsHtml: "text" !== descriptionContentType`).
    expect(description({ description: html })).toBe(text);
  });

  it('keeps markup-looking text as it is when PostHog says the description is text', () => {
    expect(description({ description: 'Type <b> for bold, 1 < 2 & 3', descriptionContentType: 'text' })).toBe(
      'Type <b> for bold, 1 < 2 & 3',
    );
    // As HTML, a "<" that opens no tag and an escaped tag stay text too.
    expect(description({ description: '1 < 2 and &lt;b&gt; is bold' })).toBe('1 < 2 and <b> is bold');
  });
});

describe('toSurveyDefinitions: a malformed character reference', () => {
  it('becomes the replacement character, never an exception (a code point past U+10FFFF, zero, a non-number)', () => {
    expect(description({ description: 'a&#99999999;b&#x110000;c&#0;d&#xZZ;e' })).toBe('a\ufffdb\ufffdc\ufffdd\ufffde');
  });
});
