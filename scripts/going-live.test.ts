// Every published package's README says what to change or check before production ("## Going live", issue 33), and
// the section shows where its claims come from: at least one link to a source, or a test named by its file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Published packages without the section yet, each with the reason; the test fails once one has it (drop it here). */
const NOT_YET: Record<string, string> = {};

const published = readdirSync(join(root, 'packages')).filter((name) => {
  try {
    return JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')).private !== true;
  } catch {
    return false;
  }
});

/** The text of the README's "## Going live" section, or undefined. */
function goingLiveOf(readme: string): string | undefined {
  return /^## Going live[^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1];
}

describe('"Going live" in every published README', () => {
  it('finds the section and only it', () => {
    expect(goingLiveOf('# p\n\n## Going live\n\nCheck [x](https://x.example).\n\n## API\n\nno\n')).toBe(
      '\nCheck [x](https://x.example).\n\n',
    );
    expect(goingLiveOf('# p\n\n## Going live\nlast section\n')).toBe('last section\n');
    expect(goingLiveOf('# p\n\n## Going\n')).toBeUndefined();
  });

  it.each(published.filter((name) => !(name in NOT_YET)))('%s: has one, with a source link or a named test', (name) => {
    const section = goingLiveOf(readFileSync(join(root, 'packages', name, 'README.md'), 'utf8'));
    expect(section, `packages/${name}/README.md has no "## Going live" section`).toBeDefined();
    expect(section).toMatch(/\]\(https:\/\/|\.test\.tsx?\b|\.test-d\.ts\b|\.spec\.ts\b/);
  });

  it.each(Object.keys(NOT_YET))('%s: still without one (else drop it from NOT_YET)', (name) => {
    expect(published).toContain(name);
    expect(goingLiveOf(readFileSync(join(root, 'packages', name, 'README.md'), 'utf8'))).toBeUndefined();
  });
});
