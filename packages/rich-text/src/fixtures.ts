import { block, codeBlock, em, image, link, listItem, span, strong } from './testing';

/** A network-free placeholder image URL (an SVG data URL showing its size), for stories and tests. */
export function placeholder(width: number, height: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#8ab"/><text x="50%" y="50%" font-size="${Math.round(height / 8)}" text-anchor="middle" fill="#fff">${width}×${height}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

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
    image({ alt: 'A placeholder', url: placeholder(640, 320), width: 640, height: 320, caption: 'Caption' }),
    codeBlock('console.log("hi")', 'js'),
    block('normal', link('unsafe', 'javascript:alert(1)'), ' ', link('relative', '/docs#intro')),
  ];
}
