import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Greeting } from '../blocks/Greeting/index.ts';
import { ANNA, StorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/Greeting',
  component: Greeting,
  globals: { language: 'de', mandant: '_base' },
  decorators: [
    (Story) => (
      <StorySession user={ANNA}>
        <Story />
      </StorySession>
    ),
  ],
} satisfies Meta<typeof Greeting>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Hallo Anna' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Abmelden' })).toHaveAttribute('href', '/de/logout');
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Hello Anna' })).toBeVisible();
  },
};
