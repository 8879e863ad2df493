import { afterNextPaint, type UseConsent } from '@plinth/core';
import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { CONSENT_BANNER_ID } from './ConsentGate';

const HELP: Record<string, { label: string; help: string }> = {
  analytics: {
    label: 'Analytics',
    help: 'Page views and product events, with an anonymous id in a first-party cookie.',
  },
  monitoring: {
    label: 'Monitoring',
    help: 'Errors and logs, so we can fix what breaks; a cookie links this browser’s visits.',
  },
  functional: {
    label: 'Functional',
    help: 'Feature flags (a random visitor id cookie keeps your variant) and remembered preferences.',
  },
};

/**
 * Keeps `--consent-cover` on the root element at how much of the viewport's bottom the banner covers (from its
 * top edge down, the inspector's bar below it included), while it shows. The page's `scroll-padding-bottom` and
 * its room below the content follow it (styles.css), so a control that takes the focus is scrolled clear of the
 * banner, whatever the banner's height (its text wraps, "Choose…" adds the categories): WCAG 2.4.11.
 */
function useCoverBelow(ref: RefObject<HTMLElement | null>, showing: boolean) {
  useLayoutEffect(() => {
    const banner = ref.current;
    if (!showing || !banner) return;
    const root = document.documentElement;
    // Its height and its distance from the bottom (its `bottom`, resolved): on a page, the viewport's height less its
    // top edge; where its containing block is not the viewport (a story's frame, as tall as the page it holds) the
    // same, without depending on the height of the page that this value itself pads.
    const measure = () => {
      const cover = banner.getBoundingClientRect().height + (Number.parseFloat(getComputedStyle(banner).bottom) || 0);
      root.style.setProperty('--consent-cover', `${Math.ceil(cover)}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(banner);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty('--consent-cover');
    };
  }, [ref, showing]);
}

/**
 * The consent banner's dialog: fixed at the bottom, so its buttons are on screen on any viewport.
 * Nothing is loaded, stored or sent for a category until it is granted. A lazy chunk: a visitor who
 * has already chosen never downloads it (see `ConsentGate`).
 */
export function ConsentBanner({ consent }: { consent: UseConsent }) {
  const [choosing, setChoosing] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [picked, setPicked] = useState<Record<string, boolean>>({});
  const ref = useRef<HTMLElement>(null);
  useCoverBelow(ref, !accepted);
  const titleId = useId();
  const signal = consent.store.privacySignal;
  // "Accept all" answers at once (INP): the banner goes in the click's own frame, and the grant (and the
  // re-render of what reads consent) runs after that frame is painted; core's loaders then start the vendors
  // one per task.
  if (accepted) return null;
  const acceptAll = () => {
    setAccepted(true);
    afterNextPaint(() => consent.grant());
  };
  return (
    // The skip link "Skip to your privacy choices" (Layout) focuses the dialog itself: Tab then reaches its choices.
    <section
      ref={ref}
      id={CONSENT_BANNER_ID}
      tabIndex={-1}
      className="consent"
      role="dialog"
      aria-labelledby={titleId}
      aria-modal="false"
    >
      <h2 id={titleId}>Your privacy choices</h2>
      <p>
        We would like to measure how the product is used, be told when it breaks and remember your feature settings.
        Nothing is sent until you choose.
      </p>
      {signal.active && signal.categories.length > 0 && (
        <p className="gpc">
          Your browser asks sites not to sell or share your data (Global Privacy Control), and we honour it:{' '}
          {signal.categories.map((id) => HELP[id]?.label ?? id).join(', ')} stays off, also if you accept all. To allow
          it anyway, tick it under “Choose…”.
        </p>
      )}
      {choosing && (
        <fieldset>
          <legend>Allow</legend>
          {consent.store.categories.map((id) => (
            <label key={id}>
              <input
                type="checkbox"
                checked={picked[id] ?? false}
                onChange={(e) => setPicked((p) => ({ ...p, [id]: e.target.checked }))}
              />{' '}
              {HELP[id]?.label ?? id} {HELP[id] && <small>{HELP[id].help}</small>}
            </label>
          ))}
        </fieldset>
      )}
      {/* Accepting and refusing look alike (one style, one size, one click): neither is pushed. */}
      <div className="actions">
        <button type="button" className="primary" onClick={acceptAll}>
          Accept all
        </button>
        <button type="button" className="primary" onClick={() => consent.deny()}>
          Reject all
        </button>
        {choosing ? (
          <button
            type="button"
            onClick={() =>
              consent.set(
                Object.fromEntries(consent.store.categories.map((id) => [id, picked[id] ? 'granted' : 'denied'])),
              )
            }
          >
            Save choices
          </button>
        ) : (
          <button type="button" onClick={() => setChoosing(true)}>
            Choose…
          </button>
        )}
      </div>
    </section>
  );
}
