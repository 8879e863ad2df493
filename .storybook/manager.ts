import { createElement } from 'react';
import { addons } from 'storybook/manager-api';

/** The status labels a component's stories carry as tags (blocks.tsx's STATUSES, shown on its docs page too). */
const STATUSES = ['stable', 'beta'] as const;

addons.setConfig({
  toolbar: {
    // Storybook 10.6.7's own zoom control renders a popover without the `ariaLabel` it asks every popover for,
    // so it printed a deprecation warning on every story (storybookjs/storybook#33494 labelled the others).
    // The viewport presets (phone, tablet, desktop) and the browser's zoom cover what designers used it for;
    // show it again once Storybook labels it.
    zoom: { hidden: true },
  },
  sidebar: {
    // A component's status beside its name in the sidebar (a component's tags are those all its stories share).
    renderLabel: (item) => {
      const status = item.type === 'component' ? STATUSES.find((tag) => item.tags?.includes(tag)) : undefined;
      if (!status) return item.name;
      return createElement(
        'span',
        { style: { display: 'inline-flex', gap: 6, alignItems: 'baseline' } },
        item.name,
        createElement(
          'span',
          {
            'data-status': status,
            title: status === 'stable' ? 'Stable: a published package' : 'Beta: the demo’s own UI, not published',
            style: {
              fontSize: 10,
              lineHeight: '14px',
              padding: '0 5px',
              borderRadius: 7,
              border: `1px ${status === 'beta' ? 'dashed' : 'solid'} currentColor`,
              opacity: 0.8,
            },
          },
          status,
        ),
      );
    },
  },
});
