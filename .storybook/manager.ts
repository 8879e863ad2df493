import { addons } from 'storybook/manager-api';

addons.setConfig({
  toolbar: {
    // Storybook 10.6.7's own zoom control renders a popover without the `ariaLabel` it asks every popover for,
    // so it printed a deprecation warning on every story (storybookjs/storybook#33494 labelled the others).
    // The viewport presets (phone, tablet, desktop) and the browser's zoom cover what designers used it for;
    // show it again once Storybook labels it.
    zoom: { hidden: true },
  },
});
