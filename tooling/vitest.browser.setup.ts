import { configure } from '@testing-library/react';

// On a loaded 2-core machine a real SDK's import and start can pass Testing Library's default 1 s of `waitFor` and
// `findBy…` (a CI run from a fresh clone: 'DD_LOGS' in window still false after 1 s). Every wait stays bounded, as
// `expect.poll`'s (vitest.shared.ts); a wait that passes still returns at once.
configure({ asyncUtilTimeout: 10_000 });
