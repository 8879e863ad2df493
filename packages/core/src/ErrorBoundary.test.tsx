import { useState } from 'react';
import { act, render, screen } from '../../../tooling/render';
import { createChannel } from './channel';
import { ErrorBoundary } from './ErrorBoundary';
import { recordChannel } from './testing';

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('render failed');
  return <p>fine</p>;
}

describe('ErrorBoundary (StrictMode)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('renders the fallback and emits one exception with context and component stack', () => {
    const channel = createChannel();
    const rec = recordChannel(channel);
    render(
      <ErrorBoundary channel={channel} context={{ area: 'checkout' }} fallback={<p>Something went wrong</p>}>
        <Bomb explode />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    const exceptions = rec.of('exception');
    expect(exceptions).toHaveLength(1);
    expect((exceptions[0]!.error as Error).message).toBe('render failed');
    expect(exceptions[0]!.context).toMatchObject({ area: 'checkout' });
    expect(String(exceptions[0]!.context.componentStack)).toContain('Bomb');
  });

  it('emits on the page channel by default', () => {
    const rec = recordChannel();
    render(
      <ErrorBoundary>
        <Bomb explode />
      </ErrorBoundary>,
    );
    rec.stop();
    expect(rec.of('exception')).toHaveLength(1);
  });

  it('a function fallback can reset', () => {
    function App() {
      const [explode, setExplode] = useState(true);
      return (
        <ErrorBoundary
          channel={createChannel()}
          fallback={({ reset }) => (
            <button
              type="button"
              onClick={() => {
                setExplode(false);
                reset();
              }}
            >
              retry
            </button>
          )}
        >
          <Bomb explode={explode} />
        </ErrorBoundary>
      );
    }
    render(<App />);
    act(() => screen.getByText('retry').click());
    expect(screen.getByText('fine')).toBeTruthy();
  });

  it('resets when its key changes (the route)', () => {
    const { rerender } = render(
      <ErrorBoundary key="/a" channel={createChannel()} fallback={<p>oops</p>}>
        <Bomb explode />
      </ErrorBoundary>,
    );
    expect(screen.getByText('oops')).toBeTruthy();
    rerender(
      <ErrorBoundary key="/b" channel={createChannel()} fallback={<p>oops</p>}>
        <Bomb explode={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
