// The only file that imports DOMPurify. It is loaded with import() (see ../vendors.ts), so pages that
// render icons do not download the sanitiser before their first render.
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { stripEventAttributes } from '../stripEventAttributes';

/** Raster and SVG images an `<image>`/`<feImage>` may embed; SVG used as an image runs no script. */
const IMAGE_DATA_URI = /^data:image\/(?:png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i;
const HTTP_OR_RELATIVE = /^(?:https?:|\/|\.|[^:]*$)/i;

let purifier: DOMPurify | null | undefined;
let externalUse = false;

/** A private DOMPurify instance, so these hooks never leak into the page's own DOMPurify. */
function getPurifier(): DOMPurify | null {
  if (purifier !== undefined) return purifier;
  if (typeof window === 'undefined') return null;
  const instance = createDOMPurify(window);
  if (!instance.isSupported) {
    purifier = null;
    return null;
  }
  instance.addHook('afterSanitizeAttributes', (node) => {
    for (const { name } of [...node.attributes]) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on')) {
        node.removeAttribute(name);
        continue;
      }
      if (lower !== 'href' && lower !== 'xlink:href') continue;
      // Strip whitespace and control characters browsers ignore inside a URL scheme.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
      const value = (node.getAttribute(name) ?? '').replace(/[\u0000-\u0020\u007f]+/g, '');
      const tag = node.localName.toLowerCase();
      const keep =
        value.startsWith('#') ||
        ((tag === 'image' || tag === 'feimage') && IMAGE_DATA_URI.test(value)) ||
        (tag === 'use' && externalUse && HTTP_OR_RELATIVE.test(value));
      if (!keep) node.removeAttribute(name);
    }
  });
  purifier = instance;
  return instance;
}

/**
 * DOMPurify's SVG profile (shapes, text, gradients, filters, plus `<use>`), with the hook above
 * policing `href`s. Returns the first `<svg>` element's markup, or `''` when there is none or no DOM.
 */
export function sanitize(markup: string, allowExternalUse: boolean): string {
  const dompurify = getPurifier();
  if (!dompurify) return '';
  externalUse = allowExternalUse;
  try {
    // Event-handler attributes go before DOMPurify parses: a parse under a strict CSP would report them.
    const body = dompurify.sanitize(stripEventAttributes(markup), {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'embed', 'object'],
      // `<use>` is left out of DOMPurify's profile because of external references; the hook above polices those.
      ADD_TAGS: ['use'],
      RETURN_DOM: true,
    });
    return (body as Element).querySelector('svg')?.outerHTML ?? '';
  } finally {
    externalUse = false;
  }
}
