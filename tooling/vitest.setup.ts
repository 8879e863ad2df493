import { afterAll, afterEach, beforeAll } from 'vitest';

// Any unhandled rejection in a test run fails it: Vitest reports them as errors by default.
// Testing Library cleanup is registered only where the DOM exists (SSR tests run in node).
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // On a loaded 2-core machine a real SDK's import and start, or a lazy chunk's first import in jsdom, can pass
  // Testing Library's default 1 s of `waitFor` and `findBy…` (CI runs from fresh clones: 'DD_LOGS' in window still
  // false after 1 s in the browser; the survey's form chunk not drawn after 1 s in jsdom). Every wait stays bounded, as
  // `expect.poll`'s (vitest.shared.ts); a wait that passes still returns at once.
  configure({ asyncUtilTimeout: 10_000 });
}

// Test files share a worker's modules and DOM (`isolate: false`, vitest.shared.ts): each file starts from what a
// new page has, so no file depends on what an earlier one left behind: empty web storage and cookies, and core's
// channel (the visitor, listeners, reportOnce keys) and misconfiguration warnings reset.
// By path, not by name: this file lives outside every package, where `@plinth/core` does not resolve. The path is the
// same module the packages reach through `@plinth/core/testing` (its source), so the channel reset is theirs.
const core = await import('../packages/core/src/testing/index.ts');
beforeAll(() => {
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  if (typeof document !== 'undefined') {
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  }
  core.resetChannel();
});
// What a file put in the page itself, not through Testing Library's render (a replay test's fixture, written when the
// file is imported, before any hook), goes when the file ends.
afterAll(() => {
  if (typeof document === 'undefined') return;
  document.head.replaceChildren();
  document.body.replaceChildren();
});
