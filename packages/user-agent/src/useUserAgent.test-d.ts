import type { ComponentProps } from 'react';
import { type UserAgent, type UserAgentProvider, useUserAgent } from './index';
import type { userAgentProps } from './server';

it('returns a fully shaped, readonly UserAgent', () => {
  expectTypeOf(useUserAgent).returns.toEqualTypeOf<UserAgent>();
  expectTypeOf<UserAgent['os']['version']>().toEqualTypeOf<string | undefined>();
  expectTypeOf<UserAgent['isBot']>().toEqualTypeOf<boolean>();
  expectTypeOf<UserAgent['device']['type']>().toEqualTypeOf<
    'console' | 'mobile' | 'tablet' | 'smarttv' | 'wearable' | 'embedded' | undefined
  >();
});

it('takes exactly what userAgentProps returns', () => {
  type Props = ComponentProps<typeof UserAgentProvider>;
  expectTypeOf<ReturnType<typeof userAgentProps>>().toExtend<Props>();
  expectTypeOf<{ userAgent: string }>().toExtend<Props>();
  expectTypeOf<{ hints: { platform: 'Windows' } }>().not.toExtend<Props>();
});
