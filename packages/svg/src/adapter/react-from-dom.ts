// The only file that imports react-from-dom. It is loaded with import() (see ../vendors.ts), in
// parallel with the first SVG fetch.
import { isValidElement, type ReactElement } from 'react';
import convert from 'react-from-dom';

export interface RenderSvgOptions {
  /** Suffix for every `id` and its references (`#id`, `url(#id)`, `aria-labelledby`…), or `''` to keep them. */
  hash: string;
  /** Text for the `<title>` (replacing the file's), `null` to remove it, `undefined` to keep the file's. */
  title: string | null | undefined;
  /** Text for the `<desc>` (replacing the file's), `undefined` to keep the file's. */
  description: string | undefined;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const ID_LISTS = ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns'];
const escapeRegExp = (id: string) => id.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&');

/** Renames every id in `svg` to `id__hash` and every reference to it (attributes and `<style>` text). */
function uniquify(svg: SVGSVGElement, hash: string): void {
  const ids = new Set([...svg.querySelectorAll('[id]')].filter((node) => node !== svg).map((node) => node.id));
  if (!ids.size) return;
  const rename = (id: string) => (ids.has(id) ? `${id}__${hash}` : id);
  const urls = (value: string) =>
    value.replace(/url\(\s*(['"]?)#([^'")\s]+)\1\s*\)/g, (whole, quote, id) =>
      ids.has(id) ? `url(${quote}#${rename(id)}${quote})` : whole,
    );
  for (const node of [svg, ...svg.querySelectorAll('*')]) {
    for (const attribute of [...node.attributes]) {
      const { name, value } = attribute;
      let next = value;
      if (name === 'id' && node !== svg) next = rename(value);
      else if ((name === 'href' || name === 'xlink:href') && value.startsWith('#')) next = `#${rename(value.slice(1))}`;
      else if (ID_LISTS.includes(name)) next = value.split(/\s+/).map(rename).join(' ');
      else if (value.includes('url(')) next = urls(value);
      if (next !== value) attribute.value = next;
    }
    if (node.localName === 'style' && node.textContent) {
      let css = urls(node.textContent);
      for (const id of [...ids].sort((a, b) => b.length - a.length)) {
        css = css.replace(new RegExp(`#${escapeRegExp(id)}(?![\\w-])`, 'g'), `#${rename(id)}`);
      }
      node.textContent = css;
    }
  }
}

/** Puts `text` (as text, never markup) in the first `<tag>` of `svg`, replacing the file's. */
function setText(svg: SVGSVGElement, tag: 'title' | 'desc', text: string | null): void {
  svg.querySelector(`:scope > ${tag}`)?.remove();
  if (!text) return;
  const element = svg.ownerDocument.createElementNS(SVG_NS, tag);
  element.textContent = text;
  svg.prepend(element);
}

/**
 * A React element for one copy of a sanitised `<svg>` (from ../adapter/dompurify.ts): the template is
 * cloned, its ids suffixed, title and description set as text, then converted node by node with
 * react-from-dom. No markup is parsed, so no HTML sink is used (Trusted Types), and the file's `style`
 * attributes reach the page through React's CSSOM writes, which `style-src` without `'unsafe-inline'`
 * allows. `null` when the conversion gives no element.
 */
export function renderSvg(
  template: SVGSVGElement,
  { hash, title, description }: RenderSvgOptions,
): ReactElement | null {
  const svg = template.cloneNode(true) as SVGSVGElement;
  if (hash) uniquify(svg, hash);
  if (description) setText(svg, 'desc', description);
  if (title !== undefined) setText(svg, 'title', title);
  const element = convert(svg);
  return isValidElement(element) ? element : null;
}
