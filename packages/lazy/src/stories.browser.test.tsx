import { composeStories } from '@storybook/react-vite';
import * as stories from './LazyRender.stories';

// Each story's play function, run in Chromium (Storybook's own runner will run them again).
describe('LazyRender stories', () => {
  for (const [name, Story] of Object.entries(composeStories(stories))) {
    it(name, async () => {
      await Story.run();
    });
  }
});
