/**
 * Test helpers for code that renders `@plinth/rich-text`: terse builders for Portable Text
 * documents, and `resetRichText()` between tests.
 *
 * ```ts
 * const doc = [block('h2', 'Pricing'), block('normal', 'See ', link('the plans', '/plans'), '.')];
 * ```
 */

import { resetMissingComponentWarnings } from '../report';
import type {
  RichTextBlock,
  RichTextBlockStyle,
  RichTextCode,
  RichTextImage,
  RichTextListItemType,
  RichTextMarkDefinition,
  RichTextSpan,
  RichTextTypedObject,
} from '../types';

type Annotation = { _type: string; [field: string]: unknown };
/** A block child: a string (plain span), a span from `span`/`link`/…, or an inline object. */
export type Child = string | RichTextSpan | RichTextTypedObject;

let counter = 0;
const pending = new WeakMap<RichTextSpan, Annotation[]>();

/** A fresh `_key` (`k0`, `k1`, …). */
export function key(): string {
  return `k${(counter++).toString(36)}`;
}

/**
 * Between tests: forget which missing components were already reported (they are reported once per
 * page) and restart `key()` at `k0` (snapshot-stable documents). The production reports go to
 * `@plinth/core`'s channel: reset it with `resetChannel()` from `@plinth/core/testing`.
 */
export function resetRichText(): void {
  resetMissingComponentWarnings();
  counter = 0;
}

/** A span with decorators (`'strong'`, `'em'`, …) and/or annotations (`{ _type: 'link', href }`). */
export function span(text: string, ...marks: (string | Annotation)[]): RichTextSpan {
  const annotations = marks.filter((m): m is Annotation => typeof m !== 'string');
  const s: RichTextSpan = {
    _type: 'span',
    _key: key(),
    text,
    marks: marks.filter((m): m is string => typeof m === 'string'),
  };
  if (annotations.length) pending.set(s, annotations);
  return s;
}

export const strong = (text: string) => span(text, 'strong');
export const em = (text: string) => span(text, 'em');
export const code = (text: string) => span(text, 'code');
/** A span annotated with a `link` mark definition. */
export const link = (text: string, href: string) => span(text, { _type: 'link', href });

function build(fields: Partial<RichTextBlock>, children: Child[]): RichTextBlock {
  const markDefs: RichTextMarkDefinition[] = [];
  const kids = children.map((child) => {
    if (typeof child === 'string') return span(child);
    const annotations = pending.get(child as RichTextSpan);
    if (!annotations) return child;
    const s = child as RichTextSpan;
    const keys = annotations.map((a) => {
      const def = { ...a, _key: key() };
      markDefs.push(def);
      return def._key;
    });
    return { ...s, marks: [...(s.marks ?? []), ...keys] };
  });
  return { _type: 'block', _key: key(), style: 'normal', markDefs, children: kids, ...fields };
}

/** A text block: `block('h2', 'Title')`, `block('normal', 'Read ', link('this', '/x'), '.')`. */
export function block(style: RichTextBlockStyle, ...children: Child[]): RichTextBlock {
  return build({ style }, children);
}

/** A list item block: `listItem('bullet', 1, 'First')`; consecutive items form one list. */
export function listItem(type: RichTextListItemType, level: number, ...children: Child[]): RichTextBlock {
  return build({ listItem: type, level }, children);
}

/** An image block. */
export function image(fields: Omit<RichTextImage, '_type' | '_key'>): RichTextImage {
  return { _type: 'image', _key: key(), ...fields };
}

/** A code block. */
export function codeBlock(source: string, language?: string): RichTextCode {
  return { _type: 'code', _key: key(), code: source, ...(language ? { language } : {}) };
}
