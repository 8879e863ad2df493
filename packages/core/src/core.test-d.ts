import { expectTypeOf } from 'vitest';
import {
  type ChannelEventOf,
  createChannel,
  createVendorLoader,
  PlinthError,
  type PlinthUser,
  userOf,
  type VendorStatus,
  type Visitor,
} from './index';

describe('types', () => {
  it('channel listeners get the payload of their type', () => {
    const channel = createChannel();
    channel.on('report', (event) => {
      expectTypeOf(event.level).toEqualTypeOf<'debug' | 'info' | 'warn' | 'error'>();
      expectTypeOf(event.message).toBeString();
    });
    channel.on('exposure', (event) => {
      expectTypeOf(event).toEqualTypeOf<ChannelEventOf<'exposure'>>();
      expectTypeOf(event.flag).toBeString();
    });
    // @ts-expect-error unknown event type
    channel.on('nope', () => {});
    // @ts-expect-error report needs a level
    channel.report('loud', 'x');
  });

  it('the loader is typed by its client', () => {
    const loader = createVendorLoader({
      name: 'x',
      load: async () => ({ capture: (_: string) => {} }),
      consent: false,
    });
    loader.call((client) => expectTypeOf(client.capture).toEqualTypeOf<(_: string) => void>());
    expectTypeOf(loader.start()).resolves.toEqualTypeOf<{ capture: (_: string) => void } | undefined>();
    expectTypeOf(loader.status()).toEqualTypeOf<VendorStatus>();
  });

  it('consent is required: a category or an explicit false', () => {
    // @ts-expect-error consent missing
    createVendorLoader({ name: 'x', load: async () => ({}) });
  });

  it('the request form is typed by the call result', () => {
    const loader = createVendorLoader({ name: 'x', load: async () => ({ id: (): string => 'abc' }), consent: false });
    expectTypeOf(loader.request((client) => client.id())).resolves.toEqualTypeOf<string | undefined>();
    expectTypeOf(loader.request(async () => 1)).resolves.toEqualTypeOf<number | undefined>();
  });

  it('the event map can be extended by declaration merging', () => {
    const c = createChannel();
    c.emit('searched', { query: 'q' });
    c.on('searched', (event) => expectTypeOf(event.query).toEqualTypeOf<string>());
    // @ts-expect-error wrong payload
    c.emit('searched', { q: 1 });
  });

  it('the visitor narrows on its subject; only the channel writes it', () => {
    const { visitor } = createChannel();
    const { subject } = visitor.get();
    if (subject.kind === 'identified') expectTypeOf(subject.user).toEqualTypeOf<PlinthUser>();
    // @ts-expect-error no user unless identified
    if (subject.kind === 'anonymous') void subject.user;
    expectTypeOf(userOf(visitor.get())).toEqualTypeOf<PlinthUser | null>();
    visitor.subscribe((next, previous) => {
      expectTypeOf(next).toEqualTypeOf<Visitor>();
      expectTypeOf(previous).toEqualTypeOf<Visitor>();
    });
    expectTypeOf(visitor.settled()).resolves.toEqualTypeOf<Visitor>();
    // @ts-expect-error read-only: written through channel.signedIn/signedOut
    visitor.get().version = 2;
    // @ts-expect-error no setter on the store
    visitor.set({ kind: 'anonymous' });
    // The app's slices: one writer; the subject is not among them.
    visitor.update({ attributes: { plan: 'pro' }, groups: { organization: { key: 'acme' }, team: null } });
    // @ts-expect-error the subject is auth's
    visitor.update({ subject: { kind: 'anonymous' } });
    // @ts-expect-error a group has a key
    visitor.update({ groups: { organization: { name: 'Acme' } } });
    // @ts-expect-error read-only slices
    visitor.get().attributes.plan = 'pro';
    expectTypeOf(visitor.get().person).toEqualTypeOf<number>();
  });

  it('PlinthError narrows source and code', () => {
    const error = new PlinthError<'callback' | 'renew', 'state_mismatch'>('x', {
      source: 'callback',
      code: 'state_mismatch',
    });
    expectTypeOf(error.source).toEqualTypeOf<'callback' | 'renew'>();
    expectTypeOf(error.code).toEqualTypeOf<'state_mismatch' | undefined>();
  });
});

declare module './channel' {
  interface ChannelEventMap {
    searched: { query: string };
  }
}
