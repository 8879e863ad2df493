import { PortableText, type PortableTextBlock } from '@portabletext/react';
import DOMPurify from 'dompurify';
import type { User } from 'oidc-client-ts';
import { type FormEvent, useEffect, useState } from 'react';
import InlineSVG from 'react-inlinesvg';
import { InView } from 'react-intersection-observer';
import { NavLink, Route, Routes, useNavigate } from 'react-router';
import UAParser from 'ua-parser-js';
import { choose, consentChoice, datadogLogs, ldClient, posthog, userManager } from './sdks';

function ConsentBanner() {
  const [open, setOpen] = useState(() => consentChoice() === null);
  if (!open) return null;
  const decide = (accepted: boolean) => {
    choose(accepted);
    setOpen(false);
  };
  return (
    <section role="dialog" aria-label="Your privacy choices">
      <button type="button" onClick={() => decide(true)}>
        Accept all
      </button>{' '}
      <button type="button" onClick={() => decide(false)}>
        Reject all
      </button>
    </section>
  );
}

function Home() {
  const [banner, setBanner] = useState<boolean>(() => ldClient.variation('home-banner', false));
  useEffect(() => {
    const update = () => setBanner(ldClient.variation('home-banner', false));
    ldClient.on('ready', update);
    ldClient.on('change:home-banner', update);
    return () => {
      ldClient.off('ready', update);
      ldClient.off('change:home-banner', update);
    };
  }, []);
  return (
    <article>
      {banner && <aside data-testid="home-banner">New: this banner is the home-banner flag.</aside>}
      <h1>The integration, done by hand</h1>
      <p>Every SDK is imported statically and initialised at start-up, as its README shows.</p>
    </article>
  );
}

const span = (text: string, marks: string[] = []) => ({ _type: 'span', _key: text, text, marks });
const SECTIONS: PortableTextBlock[][] = Array.from({ length: 8 }, (_, i) => [
  { _type: 'block', _key: `h${i}`, style: 'h2', markDefs: [], children: [span(`Section ${i + 1}`)] },
  {
    _type: 'block',
    _key: `p${i}`,
    style: 'normal',
    markDefs: [{ _type: 'link', _key: 'docs', href: 'https://example.com/docs' }],
    children: [span('This section rendered on scroll, with a '), span('link', ['docs']), span('.', ['em'])],
  },
]);
const ICONS = ['/icons/gradient-badge.svg', '/icons/shield.svg', '/icons/bolt.svg'];
const sanitize = (svg: string) => DOMPurify.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true } });

function Article() {
  return (
    <article>
      <h1>Rendered on scroll</h1>
      {SECTIONS.map((body, i) => (
        <InView key={body[0]?._key} triggerOnce rootMargin="200px" style={{ minHeight: '16rem' }}>
          {({ inView, ref }) => (
            <section ref={ref} data-section={i + 1}>
              {inView && (
                <>
                  {ICONS.map((src) => (
                    <InlineSVG key={src} src={src} preProcessor={sanitize} width={28} height={28} />
                  ))}
                  <PortableText value={body} />
                </>
              )}
            </section>
          )}
        </InView>
      ))}
    </article>
  );
}

function Device() {
  const [ua] = useState(() => new UAParser().getResult());
  return (
    <article>
      <h1>Your device</h1>
      <p data-testid="ua-browser">{[ua.browser.name, ua.browser.version].join(' ')}</p>
      <p data-testid="ua-os">{[ua.os.name, ua.os.version].join(' ')}</p>
      <p data-testid="ua-device">{ua.device.type ?? 'desktop'}</p>
    </article>
  );
}

function Interactions() {
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    posthog.capture('newsletter_subscribed');
    setSent(true);
  };
  return (
    <article>
      <h1>Tracked interactions</h1>
      <p>
        <a href="https://example.com/?ref=plinth-naive">Visit example.com</a> ·{' '}
        <a href="/files/plinth-checklist.txt" download>
          Download the checklist
        </a>
      </p>
      <form onSubmit={submit}>
        <input name="email" type="email" aria-label="Email" /> <button type="submit">Subscribe</button>
      </form>
      {sent && <p role="status">Thanks</p>}
      <button type="button" onClick={() => datadogLogs.logger.error('naive: something broke')}>
        Break something
      </button>{' '}
      <button
        type="button"
        onClick={() => {
          for (let seq = 0; seq < 10_000; seq++) posthog.capture('demo_burst', { burst: 1, seq });
        }}
      >
        Send 10,000 events
      </button>
    </article>
  );
}

function useUser() {
  const [user, setUser] = useState<User | null>(null);
  useEffect(() => {
    void userManager.getUser().then(setUser);
    userManager.events.addUserLoaded(setUser);
    return () => userManager.events.removeUserLoaded(setUser);
  }, []);
  return user;
}

function Account() {
  const user = useUser();
  return (
    <article>
      <h1>Account</h1>
      {user ? (
        <>
          <p data-testid="user-name">{user.profile.name ?? user.profile.sub}</p>
          <button type="button" onClick={() => void userManager.signoutRedirect()}>
            Sign out
          </button>
        </>
      ) : (
        <button type="button" onClick={() => void userManager.signinRedirect()}>
          Sign in
        </button>
      )}
    </article>
  );
}

let callback: Promise<unknown> | undefined;

function AuthCallback() {
  const navigate = useNavigate();
  useEffect(() => {
    callback ??= userManager.signinRedirectCallback();
    callback.then(
      () => navigate('/account', { replace: true }),
      (error: unknown) => datadogLogs.logger.error('sign-in failed', {}, error as Error),
    );
  }, [navigate]);
  return <h1>Signing in</h1>;
}

const PAGES = [
  ['/', 'Home'],
  ['/article', 'Article'],
  ['/device', 'Your device'],
  ['/interactions', 'Tracked interactions'],
  ['/account', 'Account'],
] as const;

export function App() {
  return (
    <>
      <nav aria-label="Main">
        {PAGES.map(([path, label]) => (
          <NavLink key={path} to={path} end={path === '/'}>
            {label}
          </NavLink>
        ))}
      </nav>
      <main>
        <Routes>
          <Route index element={<Home />} />
          <Route path="article" element={<Article />} />
          <Route path="device" element={<Device />} />
          <Route path="interactions" element={<Interactions />} />
          <Route path="account" element={<Account />} />
          <Route path="auth/callback" element={<AuthCallback />} />
        </Routes>
      </main>
      <ConsentBanner />
    </>
  );
}
