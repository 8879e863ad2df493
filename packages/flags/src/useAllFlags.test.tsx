import { act, render } from '../../../tooling/render';
import { testFlags } from './test-flags';
import { createTestFlags, TestFlagsProvider } from './testing';
import { useAllFlags } from './useAllFlags';

describe('useAllFlags', () => {
  it('every catalogue flag at once; the same object until a flag changes, then a new one', () => {
    const client = createTestFlags({ flags: testFlags, values: { theme: 'dark' } });
    const seen: unknown[] = [];
    function All() {
      seen.push(useAllFlags());
      return null;
    }
    const { rerender } = render(
      <TestFlagsProvider instance={client}>
        <All />
      </TestFlagsProvider>,
    );
    rerender(
      <TestFlagsProvider instance={client}>
        <All />
      </TestFlagsProvider>,
    );
    expect(seen.at(-1)).toEqual({ 'new-checkout': false, theme: 'dark', 'price-test': 'control', fpImprovedUI: false });
    expect(new Set(seen).size).toBe(1); // re-rendered, same object
    act(() => client.set('price-test', 'b'));
    expect(seen.at(-1)).toMatchObject({ 'price-test': 'b', theme: 'dark' });
    expect(new Set(seen).size).toBe(2);
  });
});
