import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RecipientConfirmation } from '../blocks/RecipientConfirmation/index.ts';
import { NR } from './fixtures/storyRecipient.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

const REWARD = `GET /empfaenger/${NR}/praemie`;

const meta = {
  title: 'Blocks/RecipientConfirmation',
  component: RecipientConfirmation,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: {
    path: `/de/empfaenger/${NR}/bestaetigt`,
    session: {
      params: { empfehlungsnummer: NR },
      api: { [REWARD]: { status: 200, data: { WertCent: 2500, AnteilEmpfaenger: 50 } } },
    },
  },
} satisfies Meta<typeof RecipientConfirmation>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Thanks, the recipient's part of the reward, what happens next. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestätigung!' }),
    ).toBeVisible();
    await expect(await canvas.findByText('25,00 €')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/de\/?$/),
    );
  },
};

/** Without a reward part (the recommender keeps everything) there is no amount to show. */
export const NoReward: Story = {
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: { [REWARD]: { status: 200, data: { WertCent: 0, AnteilEmpfaenger: 0 } } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Ihre Angaben sind bei uns angekommen und bestätigt.')).toBeVisible();
    await expect(canvas.queryByText(/€/)).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 1, name: 'Thank you for confirming!' }),
    ).toBeVisible();
  },
};
