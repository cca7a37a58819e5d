import type { Preview } from '@storybook/react-vite';
import '../runtime/theme/base.css';
import { argTypesFromPropsSchema } from './argTypesFromPropsSchema.ts';
import { StoryRuntime } from './StoryRuntime.tsx';
import { mandantToolbarItems, NEUTRAL_MANDANT } from './storyMandants.ts';
import { BREAKPOINT_VIEWPORTS } from './viewports.ts';

const preview: Preview = {
  // A docs page per block, its props table generated from the block's props schema.
  tags: ['autodocs'],
  argTypesEnhancers: [argTypesFromPropsSchema],
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
    viewport: { options: BREAKPOINT_VIEWPORTS },
    layout: 'fullscreen',
    controls: { expanded: true },
  },
};

export default preview;
