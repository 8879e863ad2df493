import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { LazyRender } from './LazyRender';

const Card = ({ label }: { label: string }) => (
  <div style={{ height: 160, borderRadius: 8, background: '#e0f2fe', display: 'grid', placeItems: 'center' }}>
    {label}
  </div>
);
const Skeleton = () => <div style={{ height: 160, borderRadius: 8, background: '#f1f5f9' }} data-testid="skeleton" />;

const meta = {
  title: 'lazy/LazyRender',
  component: LazyRender,
  tags: ['autodocs'],
  args: { minHeight: 160, placeholder: <Skeleton />, children: <Card label="Revealed content" /> },
} satisfies Meta<typeof LazyRender>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Far below the fold: the placeholder holds the space until the block is scrolled near. */
export const Placeholder: Story = {
  render: (args) => (
    <div>
      <div style={{ height: '300vh' }}>Scroll down ↓</div>
      <LazyRender {...args} data-testid="lazy" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const lazy = canvas.getByTestId('lazy');
    expect(lazy.dataset.lazyState).toBe('pending');
    expect(canvas.getByTestId('skeleton')).toBeVisible();
    expect(lazy.getBoundingClientRect().height).toBe(160);
  },
};

/** On screen: content is rendered before the first paint, no placeholder flash. */
export const Revealed: Story = {
  render: (args) => <LazyRender {...args} data-testid="lazy" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const lazy = canvas.getByTestId('lazy');
    await waitFor(() => expect(lazy.dataset.lazyState).toBe('visible'));
    expect(canvas.getByText('Revealed content')).toBeVisible();
  },
};
