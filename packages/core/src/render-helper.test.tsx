import { useEffect } from 'react';
import { render, renderHook } from '../../../tooling/render';

// Guards the shared helper every package's StrictMode tests rely on: if StrictMode stopped wrapping
// the root, effects would run once and double-init bugs would pass unnoticed.
describe('tooling/render', () => {
  it('runs effects mount → unmount → mount (StrictMode at the root)', () => {
    const calls: string[] = [];
    function Probe() {
      useEffect(() => {
        calls.push('effect');
        return () => {
          calls.push('cleanup');
        };
      }, []);
      return null;
    }
    render(<Probe />);
    expect(calls).toEqual(['effect', 'cleanup', 'effect']);
  });

  it('does the same for hooks, and can opt out', () => {
    let runs = 0;
    renderHook(() => useEffect(() => void runs++, []));
    expect(runs).toBe(2);
    renderHook(() => useEffect(() => void runs++, []), { strict: false });
    expect(runs).toBe(3);
  });
});
