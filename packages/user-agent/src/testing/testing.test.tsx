import { render, screen } from '../../../../tooling/render';
import { useUserAgent } from '../useUserAgent';
import { resetUserAgent, stubNavigator, TestUserAgentProvider } from '.';

function Model() {
  const { device, os } = useUserAgent();
  return <p data-testid="ua">{`${device.vendor} ${device.model} ${os.name} ${os.version}`}</p>;
}

it('TestUserAgentProvider applies hints on top of the string', () => {
  render(
    <TestUserAgentProvider
      userAgent="Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
      hints={{ platform: 'Android', platformVersion: '14.0.0', model: 'Pixel 8', mobile: true }}
    >
      <Model />
    </TestUserAgentProvider>,
  );
  expect(screen.getByTestId('ua').textContent).toBe('Google Pixel 8 Android 14');
});

it('stubNavigator restores what it replaced', () => {
  const before = navigator.userAgent;
  const restore = stubNavigator({ userAgent: 'Fake/1.0', maxTouchPoints: 3, userAgentData: null });
  expect(navigator.userAgent).toBe('Fake/1.0');
  expect(navigator.maxTouchPoints).toBe(3);
  restore();
  expect(navigator.userAgent).toBe(before);
  expect('userAgentData' in navigator).toBe(false);
  resetUserAgent();
});
