import type { VendorStatus } from '@plinth/core';

const DOWNLOADS = 'pdf|zip|gz|tgz|dmg|exe|msi|pkg|deb|rpm|apk|csv|xlsx|xls|docx|doc|pptx|txt|json|mp3|mp4|mov';

export interface InteractionOptions {
  outboundLinks: boolean;
  downloads: boolean;
  forms: boolean;
  downloadExtensions?: readonly string[] | undefined;
  outboundDelayMs: number;
  status(): VendorStatus;
  /** Captures now when ready (beacon for a navigation), else queues. */
  send(event: string, properties: Record<string, unknown>, beacon: boolean): void;
  /** Resolves once the SDK is ready (or will not be). */
  ready(): Promise<unknown>;
  /** Also capture window `error` and `unhandledrejection` through `captureException`. */
  unhandledErrors?: boolean;
  captureException?: (error: unknown, context: Record<string, unknown>) => void;
  /** Same-tab navigation after a delayed outbound click (replaceable in tests). */
  navigate?: (href: string) => void;
}

const modified = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/**
 * Delegated listeners for outbound links, file downloads, form submits and (optionally) window
 * errors: a lazy chunk of its own, fetched after mount. A same-tab outbound
 * navigation made while the SDK is still loading waits for it, at most `outboundDelayMs`; once it
 * is ready the event goes to `sendBeacon` synchronously, so nothing waits. Modified and middle
 * clicks, `target=_blank` and `download` links are never delayed. Returns the cleanup.
 */
export function trackInteractions(options: InteractionOptions): () => void {
  const { navigate = (href: string) => window.location.assign(href) } = options;
  const extensions = new RegExp(`\\.(${options.downloadExtensions?.join('|') ?? DOWNLOADS})$`, 'i');

  const onClick = (e: MouseEvent) => {
    const link = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || !/^https?:$/.test(link.protocol)) return;
    const href = link.href;
    const download = link.hasAttribute('download') || extensions.test(link.pathname);
    if (download) {
      if (options.downloads) {
        const file = link.pathname.split('/').pop() ?? '';
        options.send(
          'file_downloaded',
          { $current_url: location.href, url: href, file, extension: file.split('.').pop() },
          true,
        );
      }
      return;
    }
    if (!options.outboundLinks || link.origin === location.origin) return;
    const properties = { url: href, domain: link.hostname, text: link.textContent?.trim().slice(0, 100) };
    const newTab = link.target && link.target !== '_self';
    const status = options.status();
    const sameTabWhileLoading =
      !newTab && !modified(e) && !e.defaultPrevented && (status === 'loading' || status === 'timeout');
    if (!sameTabWhileLoading) {
      options.send('outbound_link_clicked', properties, true);
      return;
    }
    e.preventDefault();
    options.send('outbound_link_clicked', properties, true);
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      navigate(href);
    };
    const timer = setTimeout(go, options.outboundDelayMs);
    void options.ready().then(go);
  };

  const onSubmit = (e: SubmitEvent) => {
    const form = e.target as HTMLFormElement | null;
    if (form?.tagName !== 'FORM') return;
    options.send(
      'form_submitted',
      {
        form_id: form.id || undefined,
        form_name: form.getAttribute('name') || undefined,
        form_action: form.getAttribute('action') ? form.action : undefined,
        form_method: form.method,
        fields: form.elements.length,
      },
      true,
    );
  };

  const onError = (e: ErrorEvent) => options.captureException?.(e.error ?? e.message, { mechanism: 'onerror' });
  const onRejection = (e: PromiseRejectionEvent) =>
    options.captureException?.(e.reason, { mechanism: 'onunhandledrejection' });

  if (options.outboundLinks || options.downloads) document.addEventListener('click', onClick);
  if (options.forms) document.addEventListener('submit', onSubmit, true);
  if (options.unhandledErrors) {
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
  }
  return () => {
    document.removeEventListener('click', onClick);
    document.removeEventListener('submit', onSubmit, true);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
