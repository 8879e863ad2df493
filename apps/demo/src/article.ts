import type { RichTextValue } from '@plinth/rich-text';

let key = 0;
const k = () => `k${++key}`;
const span = (text: string, marks: string[] = []) => ({ _type: 'span', _key: k(), text, marks });
const block = (style: string, ...children: ReturnType<typeof span>[]) => ({
  _type: 'block',
  _key: k(),
  style,
  markDefs: [] as { _type: string; _key: string; href?: string }[],
  children,
});

const intro = block(
  'normal',
  span('Plinth renders '),
  span('Portable Text', ['strong']),
  span(' safely: links are checked, headings get anchors, unknown types are reported once.'),
);
const links = block(
  'normal',
  span('A '),
  span('safe external link', ['ext']),
  span(', a '),
  span('relative link', ['rel']),
  span(' and a '),
  span('hostile javascript: link', ['bad']),
  span(' that renders as text.'),
);
links.markDefs = [
  { _type: 'link', _key: 'ext', href: 'https://example.com/docs' },
  { _type: 'link', _key: 'rel', href: '/privacy' },
  { _type: 'link', _key: 'bad', href: ' JaVa\tScRiPt:alert(document.domain)' },
];

/** One section per scroll step, so LazyRender has something to reveal. */
export const sections: { title: string; body: RichTextValue }[] = Array.from({ length: 8 }, (_, i) => ({
  title: `Section ${i + 1}`,
  body: [
    block('h2', span(`Section ${i + 1}`)),
    ...(i === 0 ? [intro, links] : []),
    block(
      'normal',
      span(`This section rendered when it approached the viewport. `),
      span(`It is number ${i + 1} of 8.`, ['em']),
    ),
    {
      _type: 'code',
      _key: k(),
      language: 'tsx',
      code: `<LazyRender minHeight="18.5rem">\n  <Section n={${i + 1}} />\n</LazyRender>`,
    },
  ] as RichTextValue,
}));
