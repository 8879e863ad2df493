import { act, render, screen } from '../../../../tooling/render';
import { defineEvents } from '../defineEvents';
import { useAnalyticsSessionId, useAnalyticsStatus } from '../useAnalytics';
import { createTestAnalytics, resetAnalytics, sharedTestAnalytics, TestAnalyticsProvider } from './index';

const events = defineEvents<{ signup_completed: { plan: 'free' | 'pro' } }>();

function Signup() {
  const analytics = events.useAnalytics();
  const status = useAnalyticsStatus();
  return (
    <button type="button" onClick={() => analytics.capture('signup_completed', { plan: 'pro' })}>
      {status}
    </button>
  );
}

afterEach(() => resetAnalytics());

describe('@plinth/analytics/testing', () => {
  it('records what a component captures, with no network', () => {
    const analytics = createTestAnalytics();
    render(
      <TestAnalyticsProvider instance={analytics}>
        <Signup />
      </TestAnalyticsProvider>,
    );
    act(() => screen.getByRole('button').click());
    expect(analytics.events).toEqual([{ event: 'signup_completed', properties: { plan: 'pro' } }]);
    expect(screen.getByRole('button').textContent).toBe('ready');
    act(() => analytics.setStatus('waiting-consent'));
    expect(screen.getByRole('button').textContent).toBe('waiting-consent');
  });

  it('drives sessionId()/useAnalyticsSessionId() and records reset(), which starts a new session', () => {
    const analytics = createTestAnalytics();
    function Session() {
      return <p data-testid="session">{useAnalyticsSessionId() ?? 'none'}</p>;
    }
    render(
      <TestAnalyticsProvider instance={analytics}>
        <Session />
      </TestAnalyticsProvider>,
    );
    expect(screen.getByTestId('session').textContent).toBe('none');
    act(() => analytics.setSessionId('s-1'));
    expect(screen.getByTestId('session').textContent).toBe('s-1');
    act(() => analytics.identify('user-1'));
    act(() => analytics.reset());
    expect(analytics.identity.map(([method]) => method)).toEqual(['identify', 'reset']);
    expect(analytics.distinctId()).toBeUndefined();
    expect(screen.getByTestId('session').textContent).not.toMatch(/^(s-1|none)$/);
    act(() => resetAnalytics());
    expect(screen.getByTestId('session').textContent).toBe('none');
  });

  it('resetAnalytics clears every fake, the shared one included', () => {
    render(
      <TestAnalyticsProvider>
        <Signup />
      </TestAnalyticsProvider>,
    );
    act(() => screen.getByRole('button').click());
    expect(sharedTestAnalytics().events).toHaveLength(1);
    resetAnalytics();
    expect(sharedTestAnalytics().events).toEqual([]);
  });
});
