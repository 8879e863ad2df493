import { LazyRender } from '@plinth/lazy';
import { RichText } from '@plinth/rich-text';
import { InlineSvg } from '@plinth/svg';
import { sections } from '../article';
import { useTitle } from './useTitle';

const ICONS = ['/icons/gradient-badge.svg', '/icons/shield.svg', '/icons/bolt.svg'];
/**
 * A section's height, rendered or not (it matches `.section` in styles.css). Measured: 218 px at
 * 1280 px wide, 242 px at 390 px (text wraps more); 16rem holds both, so nothing shifts on any width
 * down to a phone. The first section is taller, and renders at once.
 */
const SECTION_HEIGHT = '16rem';

export function Article() {
  useTitle('Article');
  return (
    <article className="article">
      <h1>Rendered on scroll</h1>
      <p>
        Each section is a <code>LazyRender</code> holding Portable Text and inline SVG icons. An icon is fetched once
        per URL however many copies there are, and only when its section approaches the viewport.
      </p>
      <p className="hostile">
        A hostile SVG (script, onload, javascript: link, foreignObject) is sanitised before it reaches the DOM:{' '}
        <InlineSvg src="/icons/hostile.svg" title="Sanitised hostile icon" width={24} height={24} />
      </p>
      {/* The placeholder reserves the section's height (SECTION_HEIGHT, also the section's CSS
          min-height): a section that renders in view pushes nothing down. */}
      {sections.map((section, i) => (
        <LazyRender key={section.title} minHeight={SECTION_HEIGHT} className="section" data-section={i + 1}>
          <div className="icons">
            {ICONS.map((src) => (
              <InlineSvg key={src} src={src} title={null} width={28} height={28} />
            ))}
          </div>
          <RichText value={section.body} />
        </LazyRender>
      ))}
    </article>
  );
}
