import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
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

/** More rewards than a page (issue 17): the newest two, then "Weitere Prämien laden" brings the rest. */
export const MorePages: Story = {
  parameters: {
    session: {
      user: ANNA,
      api: {
        'GET /praemierung': {
          status: 200,
          data: REWARDS.slice(0, 2),
          headers: { 'x-next-cursor': 'seite-2' },
        },
        'GET /praemierung?Cursor=seite-2': { status: 200, data: REWARDS.slice(2) },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const more = await canvas.findByRole('button', { name: 'Weitere Prämien laden' });
    const cards = () => canvas.getAllByRole('listitem').filter((item) => item.querySelector('h2'));
    expect(cards()).toHaveLength(2);
    await userEvent.click(more);
    await expect(
      await canvas.findByText(new RegExp(`^${REWARDS.length - 2} weitere Prämien? geladen\\.$`)),
    ).toBeInTheDocument();
    expect(cards()).toHaveLength(REWARDS.length);
    await expect(cards()[2]?.querySelector('h2')).toHaveFocus();
    await expect(canvas.queryByRole('button', { name: 'Weitere Prämien laden' })).toBeNull();
  },
};
