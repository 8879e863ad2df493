// The extraction behind the consumer test's quickstart checks (scripts/consumer-test.mjs): which block of a README is
// the quickstart, what makes one unusable, and that every listed README has one.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { QUICKSTARTS, quickstartOf, readQuickstarts } from './quickstarts.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const fence = '```';

describe('quickstartOf', () => {
  it('takes the first tsx block under "## Quickstart", as written', () => {
    const readme = [
      '# pkg',
      `${fence}tsx\nexport function App() { return null; } // before the section\n${fence}`,
      '## Quickstart',
      `${fence}sh\nnpm install pkg\n${fence}`,
      `${fence}tsx\nimport { x } from 'pkg';\nexport function App() {\n  return <p>{x}</p>;\n}\n${fence}`,
      `${fence}tsx\nexport const App = () => 'second';\n${fence}`,
      '## API',
    ].join('\n\n');
    expect(quickstartOf(readme)).toBe("import { x } from 'pkg';\nexport function App() {\n  return <p>{x}</p>;\n}\n");
  });

  it('refuses a README without the section, without a tsx block in it, or a block that exports no App', () => {
    expect(() => quickstartOf('# pkg\n\n## Usage\n')).toThrow('no "## Quickstart" section');
    expect(() =>
      quickstartOf(
        `## Quickstart\n\n${fence}sh\nnpm i pkg\n${fence}\n\n## API\n\n${fence}tsx\nexport function App() {}\n${fence}\n`,
      ),
    ).toThrow('no ```tsx block');
    // A fragment at module scope (what the READMEs had before): nothing to render.
    expect(() => quickstartOf(`## Quickstart\n\n${fence}tsx\n<Feature flag="x" />;\n${fence}\n`)).toThrow(
      'does not export `App`',
    );
  });
});

describe('the READMEs', () => {
  it('every listed package README has a usable quickstart', () => {
    const { quickstarts, problems } = readQuickstarts(root);
    expect(problems).toEqual([]);
    expect(Object.keys(quickstarts)).toEqual(QUICKSTARTS);
  });
});
