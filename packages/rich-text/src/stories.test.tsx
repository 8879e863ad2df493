import { composeStories } from '@storybook/react-vite';
import * as stories from './RichText.stories';

// Runs every story's play function in jsdom (the Storybook browser run does the same in Chromium).
const composed = Object.entries(composeStories(stories));

describe('stories', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  it.each(composed)('%s renders and its play function passes', async (_name, Story) => {
    const canvasElement = document.createElement('div');
    document.body.append(canvasElement);
    await Story.run({ canvasElement });
    expect(canvasElement.innerHTML).not.toBe('');
    canvasElement.remove();
  });
});
