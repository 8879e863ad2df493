// Renders 1,000 icons of 20 URLs in Chromium with @plinth/svg's InlineSvg and with raw react-inlinesvg,
// and prints the requests the server saw and the time until all 1,000 were in the DOM.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright';
import { createServer, defaultClientConditions } from 'vite';
import { chromiumLaunchOptions } from '../../../tooling/chromium.mjs';

const RUNS = 3;
const LATENCY_MS = 40;
const root = fileURLToPath(new URL('.', import.meta.url));
const counts = new Map();
const icon = (n) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${n * 18} 80% 50%)"/></linearGradient></defs><rect width="24" height="24" fill="url(#g)"/></svg>`;

const server = await createServer({
  root,
  logLevel: 'error',
  configFile: false,
  plugins: [
    react(),
    {
      name: 'icons',
      configureServer(s) {
        s.middlewares.use((req, res, next) => {
          const match = /^\/icons\/(\d+)\.svg/.exec(req.url ?? '');
          if (!match) return next();
          counts.set(req.url, (counts.get(req.url) ?? 0) + 1);
          setTimeout(() => {
            res.setHeader('content-type', 'image/svg+xml');
            res.setHeader('cache-control', 'no-store');
            res.end(icon(Number(match[1])));
          }, LATENCY_MS);
        });
      },
    },
  ],
  resolve: { conditions: ['@plinth/source', ...defaultClientConditions] },
  server: { port: 0, host: '127.0.0.1' },
  optimizeDeps: { include: ['react', 'react-dom/client', 'react-inlinesvg', 'dompurify', 'react/jsx-dev-runtime'] },
});
await server.listen();
const { port } = server.httpServer.address();
const browser = await chromium.launch(chromiumLaunchOptions('browser'));

async function measure(mode, strict = false) {
  const times = [];
  const requests = [];
  for (let run = 0; run <= RUNS; run++) {
    counts.clear();
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/index.html?mode=${mode}${strict ? '&strict' : ''}`);
    const ms = await page.waitForFunction(() => window.__result, null, { timeout: 60_000 }).then((h) => h.jsonValue());
    await page.close();
    if (run === 0) continue; // warm-up: Vite transforms on first load
    times.push(ms);
    requests.push([...counts.values()].reduce((a, b) => a + b, 0));
  }
  times.sort((a, b) => a - b);
  return { mode, strict, median: times[Math.floor(times.length / 2)], requests };
}

try {
  const rows = [
    await measure('plinth'),
    await measure('raw'),
    await measure('plinth', true),
    await measure('raw', true),
  ];
  console.log(
    `\n1,000 icons of 20 URLs, Chromium, ${LATENCY_MS} ms server latency, median of ${RUNS} runs (React dev build)\n`,
  );
  console.log('| renderer                                 | requests per run | time to render 1,000 |');
  console.log('|------------------------------------------|------------------|----------------------|');
  for (const { mode, strict, median, requests } of rows) {
    const name =
      (mode === 'raw' ? 'react-inlinesvg 4.6.0 (raw)' : '@plinth/svg InlineSvg') + (strict ? ', StrictMode' : '');
    console.log(`| ${name.padEnd(40)} | ${requests.join(', ').padEnd(16)} | ${`${median.toFixed(0)} ms`.padEnd(20)} |`);
  }
} finally {
  await browser.close();
  await server.close();
}
