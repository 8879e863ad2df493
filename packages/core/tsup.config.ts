import { packageConfig } from '../../tooling/tsup';

// `./server`: the scrubber and the error type for servers and React Server Components, without 'use client'.
export default packageConfig(
  {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    // TC strings for tests and stand-in CMPs (IAB's `@iabtcf/core`, the optional peer `./tcf` needs too).
    'testing/tcf': 'src/testing/tcf.ts',
    // Sources and sinks an app opts into (a CMP, Google Consent Mode, proof of consent, the cookie): entries of their own, so others pay nothing.
    tcf: 'src/tcf.ts',
    gpp: 'src/gpp.ts',
    'consent-mode': 'src/consent-mode.ts',
    records: 'src/records.ts',
    cookie: 'src/cookie.ts',
  },
  {},
  { server: 'src/server.ts' },
);
