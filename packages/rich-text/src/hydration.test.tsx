import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { kitchenSink } from './fixtures';
import { RichText } from './RichText';

describe('hydration', () => {
  it('hydrates server markup without a mismatch', async () => {
    const error = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const value = kitchenSink();
    const ui = <RichText value={value} externalLinksInNewTab />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    const serverHtml = container.innerHTML;
    const root = await act(async () => hydrateRoot(container, ui, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(serverHtml);
    expect(container.querySelector('h2')?.id).toBe('lists');
    act(() => root.unmount());
    container.remove();
  });

  it('detects a mismatch (the check above can fail)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<RichText value={kitchenSink()} />);
    document.body.append(container);
    const root = await act(async () =>
      hydrateRoot(container, <RichText value={kitchenSink()} headingIds={false} />, {
        onRecoverableError: recoverable,
      }),
    );
    expect(
      recoverable.mock.calls.length + (console.error as unknown as { mock: { calls: unknown[] } }).mock.calls.length,
    ).toBeGreaterThan(0);
    act(() => root.unmount());
    container.remove();
  });
});
