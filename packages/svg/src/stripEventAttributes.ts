/**
 * Defuses event-handler attributes (`on…=`) in raw markup before anything parses it, by prefixing an
 * `x`: `<svg xonload="…">` has no handler, and DOMPurify drops the unknown attribute, so the sanitised
 * result is the same.
 *
 * Why: parsing is not inert under a Content-Security-Policy. Chromium dispatches `load`, `error` and
 * SMIL `begin`/`end` events inside the detached documents that DOMParser, `<template>` and
 * `createHTMLDocument` create, and checks the page's policy before it refuses to run the handler
 * there: a hostile `<svg onload=…>` reports a `script-src-attr` violation while it is being sanitised,
 * although nothing can run. Defused first, it reports nothing.
 *
 * Context-free on purpose: every `on…=` (or valueless `on…` that ends a tag: an empty handler
 * still reports) where the HTML tokenizer can start an attribute name (after whitespace, `/` or a
 * quote) is defused, wherever it sits. A valueless handler followed by another attribute is left
 * (it can only report, never run). A tokenizer would have to follow the
 * parser's tree construction too: mutation-XSS payloads such as
 * `<svg></p><style><a title="</style><img onerror=…>">` leave foreign content and turn an attribute
 * value into a tag. The cost: text or an attribute value of a real icon holding such a sequence
 * (` onload=`) gets the `x` too.
 *
 * Not the security boundary: DOMPurify (and its hook in ./adapter/dompurify.ts) still removes every
 * `on*` attribute it finds; this only keeps the parse from reporting.
 */
export function stripEventAttributes(markup: string): string {
  return markup.replace(HANDLER, '$1x$2');
}

/** `on…=`, or a valueless `on…` ending the tag, where the tokenizer can start an attribute name. */
const HANDLER = /([\t\n\f\r /"'])(on[a-z]+[\t\n\f\r ]*(?:=|\/?>))/gi;
