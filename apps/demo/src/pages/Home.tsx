import { Link } from 'react-router';
import { useTitle } from './useTitle';

const PACKAGES = [
  ['@plinth/core', 'Consent, scrubbing, the lazy vendor loader and the session channel — all wired here.'],
  ['@plinth/rich-text', 'Portable Text with safe links and heading anchors: see the Article.'],
  ['@plinth/lazy', 'Sections render as they approach the viewport: scroll the Article.'],
  ['@plinth/svg', 'Sanitised, de-duplicated inline SVG icons: in the Article.'],
  ['@plinth/user-agent', 'Browser, OS and device, refined by client hints: Your device.'],
  ['@plinth/sandbox', 'Every vendor endpoint and a real OpenID provider on 127.0.0.1: the Inspector.'],
] as const;

export function Home() {
  useTitle('Home');
  return (
    <article>
      <h1>The integration layer, composed</h1>
      <p>
        This demo runs offline against <code>@plinth/sandbox</code>. Make a privacy choice, then move between pages: the
        inspector shows, live, exactly what reached the sandbox — scrubbed before it left the page.
      </p>
      <ul className="packages">
        {PACKAGES.map(([name, text]) => (
          <li key={name}>
            <code>{name}</code> — {text}
          </li>
        ))}
      </ul>
      <p>
        Try a URL with secrets: <Link to="/article?utm_source=demo&code=SECRET&state=XYZ">/article?code=…&state=…</Link>{' '}
        — the page view arrives without them.
      </p>
    </article>
  );
}
