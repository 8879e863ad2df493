import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { browserTestConfig } from '../../vitest.shared.ts';

// DOMPurify's SVG XSS cases, copied into the package (origin and licence: test/fixtures/README.md).
const corpusPath = fileURLToPath(new URL('./test/fixtures/dompurify-svg-fixtures.json', import.meta.url));

/** Twenty distinct icons, each with a gradient and a clip path referenced by id. */
export const icon = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="grad"><stop offset="0" stop-color="hsl(${n * 18} 80% 50%)"/><stop offset="1" stop-color="black"/></linearGradient><clipPath id="clip"><circle cx="12" cy="12" r="10"/></clipPath></defs><rect data-icon="${n}" width="24" height="24" fill="url(#grad)" clip-path="url(#clip)"/></svg>`;

/**
 * Serves SVG fixtures from the dev server the browser tests run on, and counts requests per URL on
 * the server side (what the network saw, not what the page thinks it asked for):
 * - /__fixtures__/<n>.svg  case n of the DOMPurify SVG corpus, as image/svg+xml
 * - /__fixtures__/count    how many cases there are
 * - /__icons__/<n>.svg     a gradient icon
 * - /__status__/404.svg, /__status__/html.svg  failures
 * - /__nocors__/<n>.svg    an icon answered without CORS headers (Vite's dev server adds them for loopback origins)
 * - /__styled__/<n>.svg    an icon painted by a `style` attribute (red)
 * - /__requests            counts as JSON; /__requests/reset empties them
 */
function svgFixtures(): Plugin {
  // Read when the config loads: a missing corpus fails the run.
  const corpus: { payload: string }[] = JSON.parse(readFileSync(corpusPath, 'utf8'));
  const counts: Record<string, number> = {};
  return {
    name: 'plinth-svg-fixtures',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!;
        const send = (status: number, type: string, body: string) => {
          res.statusCode = status;
          res.setHeader('content-type', type);
          res.setHeader('cache-control', 'no-store');
          res.end(body);
        };
        if (path === '/__requests') return send(200, 'application/json', JSON.stringify(counts));
        if (path === '/__requests/reset') {
          for (const key of Object.keys(counts)) delete counts[key];
          return send(204, 'text/plain', '');
        }
        if (path === '/__fixtures__/count') return send(200, 'application/json', String(corpus.length));
        const match = /^\/__(fixtures|icons|status|nocors|styled)__\/(\w+)\.svg$/.exec(path);
        if (!match) return next();
        counts[path] = (counts[path] ?? 0) + 1;
        const [, kind, name] = match;
        if (kind === 'fixtures' && corpus[Number(name)])
          return send(200, 'image/svg+xml', corpus[Number(name)]!.payload);
        if (kind === 'styled')
          return send(
            200,
            'image/svg+xml',
            '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4" style="fill: red"/></svg>',
          );
        if (kind === 'nocors') res.removeHeader('access-control-allow-origin');
        if (kind === 'icons' || kind === 'nocors') return send(200, 'image/svg+xml; charset=utf-8', icon(Number(name)));
        if (kind === 'status' && name === 'html') return send(200, 'text/html', icon(0));
        return send(404, 'text/html', '<h1>Not found</h1>');
      });
    },
  };
}

export default browserTestConfig({
  plugins: [svgFixtures()],
  // Pre-bundle up front: a mid-run re-optimisation reloads the page and duplicates React.
  optimizeDeps: { include: ['react-inlinesvg', 'dompurify'] },
});
