import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ThanksSteps } from '../blocks/ThanksSteps/index.ts';
import { rememberRecommendation } from '../runtime/recommend/recommendationStorage.ts';
import { NR, VIEW } from './fixtures/storyRecommend.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/ThanksSteps',
  component: ThanksSteps,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof ThanksSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC 2 and 4: the four steps from the recommendation to the reward, in order. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Empfehlung!' }),
    ).toBeVisible();
    const steps = within(canvas.getByRole('list', { name: 'So geht es weiter' })).getAllByRole('heading', {
      level: 3,
    });
    await expect(steps.map((step) => step.textContent)).toEqual([
      'Neukundenvertrag abgeschlossen',
      'Daten bestätigt',
      'Auftrag bestätigt',
      'Prämie erhalten',
    ]);
  },
};

/** After an offline recommendation made in this tab: the code to hand on. */
export const WithCode: Story = {
  parameters: { path: `/de/danke?empfehlung=${NR}` },
  beforeEach: () => {
    rememberRecommendation({ ...VIEW, Art: 'offline', Code: 'K7MPX42Q', Verwaltungstoken: 'x' });
    return () => sessionStorage.clear();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Ihr Empfehlungscode' })).toBeVisible();
    await expect(canvas.getByText('K7MPX42Q')).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 1, name: 'Thank you for your recommendation!' }),
    ).toBeVisible();
  },
};
