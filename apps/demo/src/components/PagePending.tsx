/** What a lazy page shows while its chunk downloads: small, announced politely to screen readers. */
export function PagePending() {
  return (
    <p className="pending" role="status" aria-live="polite">
      Loading page…
    </p>
  );
}
