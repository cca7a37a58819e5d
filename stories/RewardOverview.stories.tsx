import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RewardOverview } from '../blocks/RewardOverview/index.ts';
import { forgetRewardLink, REWARDS } from './fixtures/storyPersonalArea.ts';
import { ANNA, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/RewardOverview',
  component: RewardOverview,
  globals: { language: 'de', mandant: 'telko' },
  decorators: [withStorySession],
  beforeEach: forgetRewardLink,
  parameters: { session: { user: ANNA, api: { 'GET /praemierung': { status: 200, data: REWARDS } } } },
} satisfies Meta<typeof RewardOverview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every reward with its status named and explained; choosing only where it is still possible. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Meine Prämien' })).toBeVisible();
    await expect(
      await canvas.findByText('Ihre Prämie liegt für Sie bereit. Wählen Sie, wie Sie sie erhalten möchten.'),
    ).toBeVisible();
    await expect(canvas.getByText('Ihre Prämie ist auf Ihr Konto überwiesen.')).toBeVisible();
    await expect(canvas.getByText('Die Prämie entfällt, weil die Empfehlung storniert wurde.')).toBeVisible();
    await expect(canvas.getByText('Überweisung auf Ihr Konto (01.12.2025)')).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: /^Prämie wählen für Empfehlung/ })).toHaveLength(2);
  },
};

export const Empty: Story = {
  parameters: { session: { user: ANNA, api: { 'GET /praemierung': { status: 200, data: [] } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Sie haben noch keine Prämien.')).toBeVisible();
  },
};
