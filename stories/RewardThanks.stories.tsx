import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RewardThanks } from '../blocks/RewardThanks/index.ts';
import { forgetRewardLink, REWARD_IDS, REWARD_OPTIONS, reward } from './fixtures/storyPersonalArea.ts';
import { withModules } from './fixtures/storyRecipient.tsx';
import { ANNA, withStorySession } from './fixtures/storySession.tsx';

const transfer = reward({
  Status: 'Abgeholt',
  Waehlbar: false,
  PraemieId: 'ueberweisung',
  Praemie: REWARD_OPTIONS[0] ?? null,
  Empfaenger: { Vorname: 'Anna', Nachname: 'Beispiel', Email: 'anna.beispiel@netzplus.example' },
});

const meta = {
  title: 'Blocks/RewardThanks',
  component: RewardThanks,
  globals: { language: 'de', mandant: 'telko' },
  decorators: [withStorySession, withModules({ ModuleStoringBankdata: true })],
  beforeEach: forgetRewardLink,
  parameters: {
    path: `/de/praemie/danke?praemierung=${REWARD_IDS.ready}`,
    session: {
      user: ANNA,
      api: {
        'GET /praemierung': { status: 200, data: [transfer] },
        'GET /empfehler/bankdaten': { status: 200, data: null },
      },
    },
  },
} satisfies Meta<typeof RewardThanks>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A transfer without bank data: SPEC 9's four weeks, and the way to the bank data. */
export const TransferWithoutBankData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Vielen Dank!' })).toBeVisible();
    await expect(
      await canvas.findByText(
        'Wir überweisen Ihre Prämie von 90,00 € innerhalb von vier Wochen, nachdem Sie Ihre Bankdaten hinterlegt haben.',
      ),
    ).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Bankdaten eingeben' })).toHaveAttribute(
      'href',
      '/de/meine-daten/bankdaten',
    );
  },
};

/** A voucher: by e-mail within 24 hours (SPEC 9). */
export const Voucher: Story = {
  parameters: {
    session: {
      user: ANNA,
      api: {
        'GET /praemierung': {
          status: 200,
          data: [{ ...transfer, PraemieId: 'wunschgutschein', Praemie: REWARD_OPTIONS[1] ?? null }],
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Ihren Gutschein senden wir innerhalb von 24 Stunden an anna.beispiel@netzplus.example.',
      ),
    ).toBeVisible();
  },
};
