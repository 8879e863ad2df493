import { waitFor } from '../../../tooling/render';
import { sanitizeSvg } from './sanitizeSvg';

// Under a Content-Security-Policy that forbids inline event handlers, Chromium reports a violation for
// every handler that is about to run. A sanitiser that parses markup into the page's own document (an
// element's innerHTML, even detached) makes an image's onerror fire; Chromium up to 14x also reported
// handlers met in a DOMParser document, later ones do not. Sanitising must report none: a strict page's
// CSP reports stay clean. The policy is this test file's own (its iframe), added as a <meta> first.

const violations: string[] = [];

beforeAll(() => {
  document.addEventListener('securitypolicyviolation', (event) => {
    violations.push(`${event.effectiveDirective} ${event.sample}`);
  });
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = "script-src-attr 'none' 'report-sample'";
  document.head.append(meta);
});

/** Parses markup as a naive sanitiser would, into the page's document: reports each handler that fires. */
const parseAsIs = (markup: string) => {
  document.createElement('div').innerHTML = markup;
};

describe('sanitizeSvg under a strict Content-Security-Policy', () => {
  it('positive control: parsing a hostile SVG as it is reports its handler', async () => {
    parseAsIs('<svg><image href="data:," onerror="control()"/></svg><img src="data:," onerror="control()">');
    await waitFor(() => expect(violations).toContain('script-src-attr control()'));
    violations.length = 0;
  });

  it('sanitising the DOMPurify corpus and hostile handlers reports no violation', async () => {
    const count = Number(await (await fetch('/__fixtures__/count')).text());
    const payloads = await Promise.all(
      Array.from({ length: count }, async (_, n) => (await fetch(`/__fixtures__/${n}.svg`)).text()),
    );
    const hostile = [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
      '<svg/onload=alert(2)><svg onload="alert(3)"></svg></svg>',
      '<svg><image href="data:image/png;base64,iVBORw0KGgo=" onload="alert(4)" onerror="alert(5)"/></svg>',
      '<svg><rect width="1" height="1"><animate attributeName="x" to="1" dur="0.01s" onbegin="alert(6)" onend="alert(7)"/></rect></svg>',
      '<svg title="a>b" ONLOAD=\'alert(8)\'><rect/></svg>',
      '<svg><p><style><g title="</style><img src=x onerror=alert(9)>">',
      '<svg onload><rect onclick/></svg>',
    ];
    // Sanity: these payloads do carry handlers that fire when parsed.
    expect(payloads.filter((payload) => /\son\w+\s*=/i.test(payload)).length).toBeGreaterThan(5);
    for (const markup of [...payloads, ...hostile]) await sanitizeSvg(markup);
    // Positive sentinel instead of a sleep: a violation that must come, after every parse above.
    parseAsIs('<img src="data:," onerror="sentinel()">');
    await waitFor(() => expect(violations).toContain('script-src-attr sentinel()'));
    await new Promise(requestAnimationFrame);
    expect(violations).toEqual(['script-src-attr sentinel()']);
  });
});
