import type { ComponentProps } from 'react';
import { type UserAgent, type UserAgentProvider, useUserAgent } from './index';

it('returns a fully shaped, readonly UserAgent', () => {
  expectTypeOf(useUserAgent).returns.toEqualTypeOf<UserAgent>();
  expectTypeOf<UserAgent['os']['version']>().toEqualTypeOf<string | undefined>();
  expectTypeOf<UserAgent['isBot']>().toEqualTypeOf<boolean>();
  expectTypeOf<UserAgent['device']['type']>().toEqualTypeOf<
    'console' | 'mobile' | 'tablet' | 'smarttv' | 'wearable' | 'embedded' | undefined
  >();
});

it('takes headers or a userAgent string, never both', () => {
  type Props = ComponentProps<typeof UserAgentProvider>;
  expectTypeOf<{ headers: Headers }>().toExtend<Props>();
  expectTypeOf<{ headers: { 'user-agent': string[] } }>().toExtend<Props>();
  expectTypeOf<{ userAgent: string }>().toExtend<Props>();
  expectTypeOf<{ userAgent: string; headers: Headers }>().not.toExtend<Props>();
});
