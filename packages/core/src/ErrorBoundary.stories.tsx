import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { createChannel } from './channel';
import { ErrorBoundary } from './ErrorBoundary';

function Widget({ fail }: { fail: boolean }) {
  if (fail) throw new Error('The widget failed to render');
  return <p>The widget rendered.</p>;
}

const meta = {
  title: 'core/ErrorBoundary',
  component: ErrorBoundary,
  args: {
    channel: createChannel(),
    fallback: ({ reset }) => (
      <div role="alert">
        <p>Something went wrong.</p>
        <button type="button" onClick={reset}>
          Try again
        </button>
      </div>
    ),
  },
  // Functions, React elements and the channel are set by each story, not edited as JSON.
  argTypes: {
    channel: { control: false },
    fallback: { control: false },
    children: { control: false },
    context: { control: false },
    onError: { control: false },
  },
} satisfies Meta<typeof ErrorBoundary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Healthy: Story = {
  args: { children: <Widget fail={false} /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The widget rendered.')).toBeVisible();
  },
};

export const Fallback: Story = {
  args: { children: <Widget fail /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Something went wrong.');
  },
};
