import { act, render, screen } from '../../../../tooling/render';
import { defineEvents } from '../defineEvents';
import { useAnalyticsSessionId, useAnalyticsStatus } from '../useAnalytics';
import { createTestAnalytics, resetAnalytics, TestAnalyticsProvider } from './index';

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

  it('takes options as its siblings do: a fake of its own with that status and session', () => {
    function Session() {
      return <p data-testid="session">{useAnalyticsSessionId() ?? 'none'}</p>;
    }
    render(
      <TestAnalyticsProvider status="waiting-consent" sessionId="s-9">
        <Signup />
        <Session />
      </TestAnalyticsProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('waiting-consent');
    expect(screen.getByTestId('session').textContent).toBe('s-9');
  });

  it('resetAnalytics empties every fake and forgets it (as resetFlags and resetLogger do)', () => {
    const analytics = createTestAnalytics();
    analytics.capture('kept_until_reset');
    expect(analytics.events).toHaveLength(1);
    resetAnalytics();
    expect(analytics.events).toEqual([]);
    analytics.capture('after_reset'); // forgotten: a later reset no longer touches it
    resetAnalytics();
    expect(analytics.events.map((e) => e.event)).toEqual(['after_reset']);
  });
});
