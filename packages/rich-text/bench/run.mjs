// Renders a 5,000-block document with <RichText> and with raw <PortableText> (renderToString,
// production React, interleaved iterations, median) and prints the ratio. Goal: ≤ 1.05× (the root bench's too).
// The ratio uses process CPU time, which other processes on a busy machine disturb far less than
// wall time; both are printed.
// Usage: node bench/run.mjs [iterations]
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

process.env.NODE_ENV = 'production';
const GOAL = 1.05;
const BLOCKS = 5000;
const iterations = Number(process.argv[2] ?? 30);
const pkg = fileURLToPath(new URL('..', import.meta.url));

// Build src (TypeScript) to a throwaway ESM bundle; React and @portabletext/* stay external, as in an app.
const out = mkdtempSync(join(pkg, 'node_modules', '.bench-'));
const { build } = await import('tsup');
await build({
  entry: { index: join(pkg, 'src/index.ts'), testing: join(pkg, 'src/testing/index.ts') },
  outDir: out,
  format: ['esm'],
  dts: false,
  silent: true,
  config: false,
  external: ['react', 'react-dom', /^@portabletext\//],
  noExternal: [/^@plinth\//],
  esbuildOptions: (o) => {
    o.conditions = ['@plinth/source', 'import', 'default'];
    o.jsx = 'automatic';
  },
});

try {
  const [{ createElement: h }, { renderToString }, { PortableText }, rich, t] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('@portabletext/react'),
    import(pathToFileURL(join(out, 'index.js')).href),
    import(pathToFileURL(join(out, 'testing.js')).href),
  ]);

  /** A realistic article body: headings, paragraphs with marks and links, nested lists, quotes. */
  const doc = [];
  for (let i = 0; doc.length < BLOCKS; i++) {
    const n = i % 10;
    if (n === 0) doc.push(t.block(i % 20 ? 'h3' : 'h2', `Section ${i >> 4}`));
    else if (n < 6)
      doc.push(
        t.block(
          'normal',
          `Paragraph ${i} with `,
          t.strong('bold'),
          ', ',
          t.em('italic'),
          ' and ',
          t.link('a link', i % 2 ? `/page/${i}` : `https://example.com/${i}`),
          ' text.',
        ),
      );
    else if (n < 9)
      doc.push(t.listItem(n === 8 ? 'number' : 'bullet', n === 7 ? 2 : 1, `Item ${i} `, t.span('code', 'code')));
    else doc.push(t.block('blockquote', `Quote ${i}`));
  }

  const subjects = {
    RichText: () => renderToString(h(rich.RichText, { value: doc })),
    PortableText: () => renderToString(h(PortableText, { value: doc })),
  };
  const times = { RichText: [], PortableText: [] };
  const cpu = { RichText: [], PortableText: [] };
  for (const f of Object.values(subjects)) for (let i = 0; i < 3; i++) f(); // warm-up
  for (let i = 0; i < iterations; i++) {
    for (const [name, f] of i % 2 ? Object.entries(subjects) : Object.entries(subjects).reverse()) {
      // Each sample starts on a collected heap (`node --expose-gc`, as `pnpm bench` runs it): a collection
      // the other renderer's garbage makes due is not charged to this one.
      globalThis.gc?.();
      const start = performance.now();
      const startCpu = process.cpuUsage();
      f();
      const used = process.cpuUsage(startCpu);
      times[name].push(performance.now() - start);
      cpu[name].push((used.user + used.system) / 1000);
    }
  }
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const m = { RichText: median(times.RichText), PortableText: median(times.PortableText) };
  const c = { RichText: median(cpu.RichText), PortableText: median(cpu.PortableText) };
  const ratio = c.RichText / c.PortableText;
  console.log(
    `\n@plinth/rich-text bench: ${BLOCKS} blocks, renderToString, ${iterations} iterations, NODE_ENV=production\n`,
  );
  console.table(
    Object.entries(times).map(([name, xs]) => ({
      renderer: name,
      'median CPU ms': +c[name].toFixed(2),
      'median wall ms': +m[name].toFixed(2),
      'min wall ms': +Math.min(...xs).toFixed(2),
      'max wall ms': +Math.max(...xs).toFixed(2),
    })),
  );
  console.log(`wall-time ratio: ${(m.RichText / m.PortableText).toFixed(3)}×`);
  console.log(
    `ratio RichText / PortableText (CPU time): ${ratio.toFixed(3)}× (goal ≤ ${GOAL.toFixed(2)}×) ${ratio <= GOAL ? 'OK' : 'ABOVE GOAL'}\n`,
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
