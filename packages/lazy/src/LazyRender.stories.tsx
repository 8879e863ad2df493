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
  // React elements and style objects are the story's, not JSON to edit; sizes and flags stay controls.
  argTypes: {
    placeholder: { control: false },
    children: { control: false },
    style: { control: false },
    onVisible: { control: false },
  },
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

/** No `placeholder`: an empty box of `minHeight` holds the space. */
export const EmptyReservation: Story = {
  name: 'Placeholder (minHeight only)',
  args: { placeholder: undefined, style: { outline: '1px dashed #94a3b8' } },
  render: (args) => (
    <div>
      <div style={{ height: '300vh' }}>Scroll down ↓</div>
      <LazyRender {...args} data-testid="lazy" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const lazy = within(canvasElement).getByTestId('lazy');
    expect(lazy.dataset.lazyState).toBe('pending');
    expect(lazy.getBoundingClientRect().height).toBe(160);
  },
};

/** A page of sections whose `minHeight` is the content's height: scrolling reveals them without a shift. */
export const SectionsWithoutShift: Story = {
  name: 'Sections (no layout shift)',
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      {[180, 240, 200, 260, 220, 180, 240, 200].map((height, i) => (
        <LazyRender
          key={i}
          minHeight={height}
          sizeKey={`story-section-${i}`}
          placeholder={<div style={{ height, borderRadius: 8, background: '#f1f5f9' }} />}
          data-testid={`section-${i}`}
        >
          <div style={{ height, borderRadius: 8, background: '#e0f2fe', padding: 16, boxSizing: 'border-box' }}>
            Section {i + 1} ({height}px)
          </div>
        </LazyRender>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const first = within(canvasElement).getByTestId('section-0');
    await waitFor(() => expect(first.dataset.lazyState).toBe('visible'));
    expect(first.getBoundingClientRect().height).toBe(180);
  },
};
