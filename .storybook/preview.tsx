import type { Preview } from '@storybook/react-vite';
import '../runtime/theme/base.css';
import { StoryRuntime } from './StoryRuntime.tsx';
import { mandantToolbarItems, NEUTRAL_MANDANT } from './storyMandants.ts';

const preview: Preview = {
  globalTypes: {
    mandant: {
      description: 'Mandant whose theme, name and pages the story uses',
      toolbar: { title: 'Mandant', icon: 'paintbrush', items: mandantToolbarItems, dynamicTitle: true },
    },
    language: {
      description: 'Language of the texts',
      toolbar: {
        title: 'Sprache',
        icon: 'globe',
        items: [
          { value: 'de', title: 'Deutsch' },
          { value: 'en', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { mandant: NEUTRAL_MANDANT, language: 'de' },
  decorators: [
    (Story, context) => (
      <StoryRuntime
        mandant={String(context.globals.mandant ?? NEUTRAL_MANDANT)}
        language={context.globals.language === 'en' ? 'en' : 'de'}
        {...(typeof context.parameters.path === 'string' ? { path: context.parameters.path } : {})}
      >
        <Story />
      </StoryRuntime>
    ),
  ],
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
};

export default preview;
