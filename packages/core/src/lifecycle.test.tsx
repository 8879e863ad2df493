import { renderToString } from 'react-dom/server';
import { act, render, screen } from '../../../tooling/render';
import { createConsent } from './consent';
import { useVendorFailure, useVendorStatus } from './lifecycle';
import { createVendorLoader } from './vendor-loader';

function Status({ loader }: { loader: ReturnType<typeof createVendorLoader<object>> }) {
  const status = useVendorStatus(loader);
  const failure = useVendorFailure(loader);
  return <p>{`${status} ${failure?.code ?? '-'}`}</p>;
}

describe('useVendorStatus / useVendorFailure', () => {
  it('follow the loader under StrictMode, failure included', async () => {
    const consent = createConsent({ storage: null });
    let fail!: (error: Error) => void;
    const loader = createVendorLoader<object>({
      name: 'sdk',
      load: () => new Promise((_, reject) => (fail = reject)),
      consent: { store: consent, category: 'analytics' },
    });
    render(<Status loader={loader} />);
    expect(screen.getByText('idle -')).toBeTruthy();
    await act(() => void loader.start());
    expect(screen.getByText('waiting-consent -')).toBeTruthy();
    await act(() => consent.grant('analytics'));
    expect(screen.getByText('loading -')).toBeTruthy();
    await act(async () => {
      fail(new Error('init refused'));
      await loader.ready();
    });
    expect(screen.getByText('failed failed')).toBeTruthy();
  });

  it('read idle and no failure on the server', () => {
    const loader = createVendorLoader<object>({ name: 'sdk', load: () => ({}), consent: false });
    expect(renderToString(<Status loader={loader} />)).toContain('idle -');
  });
});
