import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TestUserAgentProvider } from './testing';
import { useUserAgent } from './useUserAgent';

function UserAgentTable() {
  const { browser, engine, os, device, cpu, isBot } = useUserAgent();
  const rows: [string, string | undefined][] = [
    ['Browser', browser.name && `${browser.name} ${browser.version ?? ''}`.trim()],
    ['Engine', engine.name],
    ['OS', os.name && `${os.name} ${os.version ?? ''}`.trim()],
    ['Device', [device.type ?? 'desktop', device.vendor, device.model].filter(Boolean).join(' · ')],
    ['CPU', cpu.architecture],
    ['Bot', isBot ? 'yes' : 'no'],
  ];
  return (
    <table>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" style={{ textAlign: 'left', paddingRight: 16 }}>
              {label}
            </th>
            <td data-testid={label.toLowerCase()}>{value ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const meta = {
  title: 'user-agent/useUserAgent',
  component: UserAgentTable,
  tags: ['autodocs'],
} satisfies Meta<typeof UserAgentTable>;
export default meta;
type Story = StoryObj<typeof meta>;

const WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** What this browser says: the frozen string, then client hints once they arrive. */
export const ThisBrowser: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('browser')).not.toHaveTextContent('—');
  },
};

/** Windows 11 is only visible through client hints: the string says Windows NT 10.0. */
export const Windows11ViaClientHints: Story = {
  decorators: [
    (Story) => (
      <TestUserAgentProvider
        userAgent={WIN}
        hints={{
          platform: 'Windows',
          platformVersion: '15.0.0',
          fullVersionList: [{ brand: 'Google Chrome', version: '124.0.6367.60' }],
          architecture: 'x86',
          bitness: '64',
        }}
      >
        <Story />
      </TestUserAgentProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('os')).toHaveTextContent('Windows 11');
    await expect(canvas.getByTestId('browser')).toHaveTextContent('Chrome 124.0.6367.60');
    await expect(canvas.getByTestId('cpu')).toHaveTextContent('amd64');
  },
};

/** The same string without hints: what the frozen user agent alone can tell. */
export const Windows10FrozenString: Story = {
  decorators: [
    (Story) => (
      <TestUserAgentProvider userAgent={WIN}>
        <Story />
      </TestUserAgentProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('os')).toHaveTextContent('Windows 10');
  },
};

export const Googlebot: Story = {
  decorators: [
    (Story) => (
      <TestUserAgentProvider userAgent="Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)">
        <Story />
      </TestUserAgentProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('bot')).toHaveTextContent('yes');
    await expect(canvas.getByTestId('browser')).toHaveTextContent('—');
  },
};
