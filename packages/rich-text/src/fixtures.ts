import { block, codeBlock, em, image, link, listItem, span, strong } from './testing';

/** A document touching every default component, for SSR, hydration, stories and the benchmark. */
export function kitchenSink() {
  return [
    block('h1', 'Rich text'),
    block(
      'normal',
      'Plain, ',
      strong('strong'),
      ', ',
      em('emphasis'),
      ', ',
      span('code', 'code'),
      ' and ',
      link('a link', 'https://example.com/'),
    ),
    block('h2', 'Lists'),
    listItem('bullet', 1, 'First'),
    listItem('bullet', 2, 'Nested'),
    listItem('number', 1, 'Numbered'),
    block('h2', 'Lists'),
    block('blockquote', 'A quote\nwith a hard break'),
    image({ alt: 'A placeholder', url: 'https://example.com/a.png', width: 640, height: 320, caption: 'Caption' }),
    codeBlock('console.log("hi")', 'js'),
    block('normal', link('unsafe', 'javascript:alert(1)'), ' ', link('relative', '/docs#intro')),
  ];
}
