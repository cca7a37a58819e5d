import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RewardChoice } from '../blocks/RewardChoice/index.ts';
import { forgetRewardLink, REWARD_OPTIONS, REWARDS, reward } from './fixtures/storyPersonalArea.ts';
import { ANNA, withStorySession } from './fixtures/storySession.tsx';

const TOKEN = 'a'.repeat(43);
const api = {
  'GET /praemie': { status: 200, data: REWARD_OPTIONS },
  'GET /praemierung': { status: 200, data: REWARDS },
};

const meta = {
  title: 'Blocks/RewardChoice',
  component: RewardChoice,
  globals: { language: 'de', mandant: 'telko' },
  decorators: [withStorySession],
  beforeEach: forgetRewardLink,
  parameters: { path: '/de/praemie', session: { api } },
} satisfies Meta<typeof RewardChoice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Logged in: the reward that is ready comes first; only entries that fit the earned 90 € are offered. */
export const LoggedIn: Story = {
  parameters: { session: { user: ANNA, api } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Prämie wählen' })).toBeVisible();
    await expect(await canvas.findByText('Ihre Prämie: 90,00 €')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Überweisung auf Ihr Konto' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Wunschgutschein' })).toBeVisible();
    // Worth 100 €: more than was earned.
    await expect(canvas.queryByRole('heading', { name: 'TV-Guthaben 100 €' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Diese Prämie wählen: Wunschgutschein' })).toHaveAttribute(
      'href',
      '/de/praemie/wunschgutschein?praemierung=6b1f0c1e-0000-4000-8000-000000000003',
    );
  },
};

/** The reward link of the mail: its token shows the one reward, without login. */
export const RewardLink: Story = {
  parameters: {
    path: `/de/praemie?token=${TOKEN}`,
    session: {
      api: {
        ...api,
        [`GET /empfehler/praemierungmail/${TOKEN}`]: { status: 200, data: reward({ WertCent: 15000 }) },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Ihre Prämie: 150,00 €')).toBeVisible();
    await expect(await canvas.findByRole('heading', { level: 3, name: 'TV-Guthaben 100 €' })).toBeVisible();
    await expect(canvas.getByText(/Nur bis 31\.12\.2026/)).toBeVisible();
  },
};

/** SPEC 8: reward token invalid / expired / reward already collected. */
export const LinkInvalid: Story = {
  parameters: {
    path: `/de/praemie?token=${TOKEN}`,
    session: {
      api: {
        ...api,
        [`GET /empfehler/praemierungmail/${TOKEN}`]: { status: 401, data: { code: 'PSOF0401', message: '' } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Der Prämien-Link ist ungültig.',
    );
  },
};

export const LinkExpired: Story = {
  parameters: {
    path: `/de/praemie?token=${TOKEN}`,
    session: {
      api: {
        ...api,
        [`GET /empfehler/praemierungmail/${TOKEN}`]: { status: 410, data: { code: 'PSOF0402', message: '' } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Der Prämien-Link ist abgelaufen.',
    );
  },
};

export const AlreadyCollected: Story = {
  parameters: {
    path: `/de/praemie?token=${TOKEN}`,
    session: {
      api: {
        ...api,
        [`GET /empfehler/praemierungmail/${TOKEN}`]: { status: 409, data: { code: 'PSOF0400', message: '' } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Diese Prämie wurde bereits abgeholt.',
    );
  },
};

/** Neither logged in nor a reward link: the way to either. */
export const NoAccess: Story = {
  parameters: { session: { api } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Bitte melden Sie sich an oder verwenden Sie den Link aus Ihrer E-Mail.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Anmelden' })).toHaveAttribute(
      'href',
      '/de/login?redirect=Reward',
    );
  },
};

/** A paid-out reward: its status explained, nothing to choose. */
export const NotChoosable: Story = {
  parameters: {
    path: '/de/praemie?praemierung=6b1f0c1e-0000-4000-8000-000000000005',
    session: { user: ANNA, api },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Für diese Prämie ist keine Auswahl (mehr) möglich.')).toBeVisible();
    await expect(canvas.getByText('Ihre Prämie ist auf Ihr Konto überwiesen.')).toBeVisible();
  },
};
