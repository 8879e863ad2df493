import { recordChannel, resetChannel } from '@plinth/core/testing';
import { act, render, screen } from '../../../../tooling/render';
import { Feature } from '../Feature';
import { testFlags } from '../test-flags';
import { useFlag, useFlagDetails } from '../useFlag';
import { useFlagsStatus } from '../useFlagsStatus';
import { useVariant } from '../useVariant';
import { createTestFlags, flagsToolbar, resetFlags, setTestFlag, TestFlagsProvider, withFlags } from './index';

afterEach(() => {
  resetFlags();
  resetChannel();
  vi.useRealTimers();
});

function Probe() {
  const { value, source } = useFlagDetails('theme');
  return (
    <p>
      <output data-testid="theme">{`${value} ${source}`}</output>
      <output data-testid="status">{useFlagsStatus()}</output>
      <Feature flag="new-checkout" fallback={<span>old checkout</span>}>
        <span>new checkout</span>
      </Feature>
      <Feature flag="price-test" match={['a', 'b']}>
        <span>priced</span>
      </Feature>
    </p>
  );
}
const text = (id: string) => screen.getByTestId(id).textContent;

describe('@plinth/flags/testing', () => {
  it('TestFlagsProvider serves values over the catalogue defaults, and setTestFlag changes them mid-test', () => {
    render(
      <TestFlagsProvider flags={testFlags} values={{ 'new-checkout': true }}>
        <Probe />
      </TestFlagsProvider>,
    );
    expect(text('theme')).toBe('light default');
    expect(screen.getByText('new checkout')).toBeTruthy();
    expect(screen.queryByText('priced')).toBeNull();
    act(() => setTestFlag('theme', 'dark'));
    act(() => setTestFlag('price-test', 'b'));
    expect(text('theme')).toBe('dark live');
    expect(screen.getByText('priced')).toBeTruthy();
    expect(text('status')).toBe('ready');
  });

  it('delayMs: loading on defaults, then values and status', () => {
    vi.useFakeTimers();
    render(
      <TestFlagsProvider flags={testFlags} values={{ theme: 'dark' }} status="timeout" delayMs={300}>
        <Probe />
      </TestFlagsProvider>,
    );
    expect(text('theme')).toBe('light default');
    expect(text('status')).toBe('loading');
    act(() => vi.advanceTimersByTime(300));
    expect(text('theme')).toBe('dark live');
    expect(text('status')).toBe('timeout');
  });

  it('records exposures (one per mount and variant under StrictMode) and emits them on the channel', () => {
    const recording = recordChannel();
    const client = createTestFlags({ flags: testFlags, values: { 'price-test': 'a' } });
    function Experiment() {
      return <span>{useVariant('price-test')}</span>;
    }
    render(
      <TestFlagsProvider instance={client}>
        <Experiment />
      </TestFlagsProvider>,
    );
    expect(client.exposures).toEqual([{ key: 'price-test', variant: 'a' }]);
    expect(recording.of('exposure').map((e) => e.variant)).toEqual(['a']);
  });

  it('throws a clear error for a flag with neither a value nor a default', () => {
    function Unknown() {
      return <span>{String(useFlag('theme'))}</span>;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <TestFlagsProvider values={{ 'new-checkout': true }}>
          <Unknown />
        </TestFlagsProvider>,
      ),
    ).toThrow(/Flag "theme" has no value/);
  });

  it('hooks outside a provider throw MissingProviderError naming the hook and FlagsProvider, pointing at the testing entry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const outside = (hook: () => unknown) => {
      function Bare() {
        hook();
        return null;
      }
      return () => render(<Bare />);
    };
    expect(outside(() => useFlag('theme'))).toThrow(
      /^useFlag\(\) must be used inside <FlagsProvider>\. In tests and stories, use @plinth\/flags\/testing\.$/,
    );
    expect(outside(() => useFlagDetails('theme'))).toThrow(/^useFlagDetails\(\) must be used inside <FlagsProvider>/);
    expect(outside(() => useVariant('price-test'))).toThrow(/^useVariant\(\) must be used inside <FlagsProvider>/);
    expect(() => render(<Feature flag="new-checkout">on</Feature>)).toThrow(
      /^Feature\(\) must be used inside <FlagsProvider>/,
    );
  });

  it('withFlags + flagsToolbar: the toolbar choice flips a catalogue flag in the story', () => {
    const toolbar = flagsToolbar(testFlags, { theme: ['light', 'dark'], 'price-test': ['control', 'a', 'b'] });
    const values = toolbar.flags.toolbar.items.map((item) => item.value);
    expect(values).toContain('theme="dark"');
    expect(values).toContain('new-checkout=true');
    expect(values).toContain('price-test="b"');
    const decorator = withFlags(testFlags);
    render(
      decorator(Probe, {
        globals: { flags: 'theme="dark"' },
        parameters: { flags: { values: { 'new-checkout': true } } },
      }),
    );
    expect(text('theme')).toBe('dark live');
    expect(screen.getByText('new checkout')).toBeTruthy();
  });
});
