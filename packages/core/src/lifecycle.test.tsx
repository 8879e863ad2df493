import { renderToString } from 'react-dom/server';
import { act, render, screen } from '../../../tooling/render';
import { ConsentProvider } from './ConsentProvider';
import type { ConsentStore } from './consent';
import { createConsent } from './consent';
import { useProvidedInstance, useVendorFailure, useVendorStatus, type VendorLifecycle } from './lifecycle';
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
    await vi.waitFor(() => expect(fail).toBeTypeOf('function')); // the import starts after the next paint
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

describe('useProvidedInstance (every vendor provider’s props)', () => {
  type Config = { consent?: ConsentStore | false; name: string };
  const created: Config[] = [];
  const instances: ReturnType<typeof create>[] = [];
  const create = (config: Config): VendorLifecycle & { config: Config; starts: number } => {
    created.push(config);
    const instance = {
      config,
      starts: 0,
      start: () => void instance.starts++,
      stop: () => {},
      status: () => 'idle' as const,
      failure: () => undefined,
      subscribeStatus: () => () => {},
    };
    instances.push(instance);
    return instance;
  };
  let seen: ReturnType<typeof create> | undefined;
  function Provider(props: { instance?: ReturnType<typeof create>; config?: Config }) {
    const { instance, created: own } = useProvidedInstance('TestProvider', props, create);
    seen = instance;
    return <p>{own ? 'created' : 'given'}</p>;
  }
  beforeEach(() => {
    created.length = 0;
    instances.length = 0;
    seen = undefined;
  });

  it('creates from config with the nearest ConsentProvider’s store, and starts only the one it keeps (StrictMode)', () => {
    const store = createConsent({ storage: null });
    render(
      <ConsentProvider store={store}>
        <Provider config={{ name: 'a' }} />
      </ConsentProvider>,
    );
    expect(screen.getByText('created')).toBeTruthy();
    expect(created[0]).toEqual({ name: 'a', consent: store });
    expect(seen?.starts).toBe(2); // start → stop → start
    // StrictMode calls the state initializer twice and keeps one: creating costs nothing, the other never starts.
    expect(instances.filter((instance) => instance.starts > 0)).toEqual([seen]);
  });

  it('the config’s own consent wins; `false` is kept', () => {
    render(<Provider config={{ name: 'b', consent: false }} />);
    expect(created[0]?.consent).toBe(false);
  });

  it('no consent store anywhere: configError consent_required, naming the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Provider config={{ name: 'c' }} />)).toThrow(
      expect.objectContaining({
        source: 'config',
        code: 'consent_required',
        message: expect.stringContaining('TestProvider'),
      }),
    );
  });

  /** A frame of no size, as oidc-client-ts makes for a silent sign-in (0 × 0: its `innerWidth`/`innerHeight`). */
  const hiddenFrame = () => {
    vi.spyOn(window, 'parent', 'get').mockReturnValue({} as Window);
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(0);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(0);
  };

  it('starts nothing in auth’s hidden callback frame (the app loaded at /silent-callback inside an iframe)', () => {
    const given = create({ name: 'framed', consent: false });
    hiddenFrame();
    history.replaceState(null, '', '/silent-callback?code=abc&state=xyz');
    try {
      render(<Provider instance={given} />);
      expect(given.starts).toBe(0);
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it('a hidden frame without a provider’s answer, a visible frame or a top-level callback starts as usual', () => {
    const framed = create({ name: 'framed', consent: false });
    hiddenFrame();
    render(<Provider instance={framed} />);
    expect(framed.starts).toBe(2);
    vi.restoreAllMocks();
    // A visible frame at a callback URL: an app embedded in a portal, a test runner's iframe.
    const visible = create({ name: 'visible', consent: false });
    vi.spyOn(window, 'parent', 'get').mockReturnValue({} as Window);
    history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
    render(<Provider instance={visible} />);
    expect(visible.starts).toBe(2);
    vi.restoreAllMocks();
    const top = create({ name: 'top', consent: false });
    history.replaceState(null, '', '/auth/callback?code=abc&state=xyz');
    try {
      render(<Provider instance={top} />);
      expect(top.starts).toBe(2);
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it('an instance given is used and started, never created', () => {
    const given = create({ name: 'given', consent: false });
    created.length = 0;
    render(<Provider instance={given} />);
    expect(screen.getByText('given')).toBeTruthy();
    expect(created).toHaveLength(0);
    expect(given.starts).toBe(2);
  });
});
