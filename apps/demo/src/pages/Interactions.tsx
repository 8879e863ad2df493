import { useAnalytics } from '@plinth/analytics';
import { type FormEvent, useState } from 'react';
import { useTitle } from './useTitle';

/**
 * What @plinth/analytics records with no code of the page's own: an outbound link, a file download, a
 * form submission (never its values), rage clicks and dead clicks. Plus one typed custom event.
 */
export function Interactions() {
  useTitle('Tracked interactions');
  const analytics = useAnalytics();
  const [sent, setSent] = useState(false);
  const [liked, setLiked] = useState(0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
  };
  return (
    <article>
      <h1>Tracked interactions</h1>
      <p>
        Each of these arrives at PostHog (the sandbox) as its own event; open the inspector and pick{' '}
        <code>posthog</code>.
      </p>
      <section aria-labelledby="outbound">
        <h2 id="outbound">Outbound link</h2>
        <p>
          <a href="https://example.com/?ref=plinth-demo">Visit example.com</a>: <code>outbound_link_clicked</code>, sent
          without holding the navigation (at most 250 ms while the SDK is still loading).
        </p>
      </section>
      <section aria-labelledby="download">
        <h2 id="download">File download</h2>
        <p>
          <a href="/files/plinth-checklist.txt" download>
            Download the checklist (.txt)
          </a>
          : <code>file_downloaded</code> with the file and its extension.
        </p>
      </section>
      <section aria-labelledby="form">
        <h2 id="form">A form</h2>
        <form id="newsletter" name="newsletter" onSubmit={submit}>
          <label>
            Name <input name="name" autoComplete="name" />
          </label>{' '}
          <label>
            Email <input name="email" type="email" autoComplete="email" />
          </label>{' '}
          <button type="submit">Subscribe</button>
        </form>
        {sent && <p role="status">Thanks! `form_submitted` was sent with the field names, never their values.</p>}
      </section>
      <section aria-labelledby="clicks">
        <h2 id="clicks">Rage and dead clicks</h2>
        <p>
          <button type="button" className="rage-target">
            Unresponsive button
          </button>{' '}
          click it quickly three times or more: <code>$rageclick</code>.
        </p>
        <p>
          <span className="dead-target">This looks like a link but does nothing</span>: click it,{' '}
          <code>$dead_click</code> follows when nothing on the page changes.
        </p>
      </section>
      <section aria-labelledby="custom">
        <h2 id="custom">A custom event</h2>
        <button
          type="button"
          onClick={() => {
            setLiked((n) => n + 1);
            analytics.capture('demo_liked', { count: liked + 1 });
          }}
        >
          Like this demo ({liked})
        </button>
      </section>
    </article>
  );
}
