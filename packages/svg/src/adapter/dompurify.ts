// The only file that imports DOMPurify. It is loaded with import() (see ../vendors.ts), so pages that
// render icons do not download the sanitiser before their first render.
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { stripEventAttributes } from '../stripEventAttributes';

/** Raster and SVG images an `<image>`/`<feImage>` may embed; SVG used as an image runs no script. */
const IMAGE_DATA_URI = /^data:image\/(?:png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i;
const HTTP_OR_RELATIVE = /^(?:https?:|\/|\.|[^:]*$)/i;

/** The Trusted Types policy this package creates (README, "Going live"): `trusted-types plinth-svg`. */
export const TRUSTED_TYPES_POLICY_NAME = 'plinth-svg';

type Policy = { createHTML(input: string): unknown; createScriptURL(input: string): unknown };
type TrustedTypesFactory = { createPolicy(name: string, rules: Policy): Policy };

let purifier: DOMPurify | null | undefined;
let policy: Policy | null | undefined;
let externalUse = false;

/**
 * Where the browser has Trusted Types, one policy named `plinth-svg`, handed to DOMPurify as its
 * `TRUSTED_TYPES_POLICY` (the shape DOMPurify's README shows), so DOMPurify parses the raw file through it
 * and creates no `dompurify` policy of its own. It is module-private and only DOMPurify calls it: every
 * string it blesses is a file about to be sanitised by DOMPurify, whose DOM is all this package renders.
 * A script URL is never needed in an icon, so `createScriptURL` gives none.
 */
function getPolicy(): Policy | null {
  if (policy !== undefined) return policy;
  const factory = (window as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  policy = null;
  if (factory) {
    try {
      policy = factory.createPolicy(TRUSTED_TYPES_POLICY_NAME, {
        createHTML: (input) => input,
        createScriptURL: () => '',
      });
    } catch (cause) {
      // The page's `trusted-types` directive leaves this name out (or a second copy of the package already
      // took it): sanitising then reports the violations the README's CSP line prevents.
      console.error(`[@plinth/svg] Trusted Types policy '${TRUSTED_TYPES_POLICY_NAME}' could not be created`, cause);
    }
  }
  return policy;
}

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
 * policing `href`s. Returns the first `<svg>` element, sanitised (in DOMPurify's inert document, never
 * the page's), or `null` when there is none or no DOM. Renderers clone it; nothing parses markup again.
 */
export function sanitize(markup: string, allowExternalUse: boolean): SVGSVGElement | null {
  const dompurify = getPurifier();
  if (!dompurify) return null;
  externalUse = allowExternalUse;
  try {
    const trusted = getPolicy();
    // Event-handler attributes go before DOMPurify parses: a parse under a strict CSP would report them.
    const body = dompurify.sanitize(stripEventAttributes(markup), {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'embed', 'object'],
      // `<use>` is left out of DOMPurify's profile because of external references; the hook above polices those.
      ADD_TAGS: ['use'],
      RETURN_DOM: true,
      // Without Trusted Types (or without the policy) DOMPurify must not try to create its own `dompurify` one.
      TRUSTED_TYPES_POLICY: trusted as never,
    });
    const svg = (body as Element).querySelector('svg');
    return svg instanceof SVGSVGElement ? svg : null;
  } finally {
    externalUse = false;
  }
}
