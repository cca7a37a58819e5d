import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { RewardDetails } from '../blocks/RewardDetails/index.ts';
import {
  forgetRewardLink,
  PRAEMIEN,
  PRAEMIERUNGEN,
  praemierung,
  REWARD_IDS,
} from './fixtures/storyPersonalArea.ts';
import { ANNA, withStorySession } from './fixtures/storySession.tsx';

const api = {
  'GET /praemie': { status: 200, data: PRAEMIEN },
  'GET /praemierung': { status: 200, data: PRAEMIERUNGEN },
  'PUT /praemierung': {
    status: 200,
    data: praemierung({ Status: 'Abgeholt', PraemieId: 'wunschgutschein' }),
  },
};

const meta = {
  title: 'Blocks/RewardDetails',
  component: RewardDetails,
  globals: { language: 'de', mandant: 'telko' },
  decorators: [withStorySession],
  beforeEach: forgetRewardLink,
  parameters: {
    path: `/de/praemie/wunschgutschein?praemierung=${REWARD_IDS.ready}`,
    session: { user: ANNA, params: { praemieid: 'wunschgutschein' }, api },
  },
} satisfies Meta<typeof RewardDetails>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The receipt form (first name, last name, e-mail), filled with the logged-in user's data. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Wunschgutschein' })).toBeVisible();
    await expect(canvas.getByLabelText('Vorname')).toHaveValue('Anna');
    await expect(canvas.getByLabelText('Nachname')).toHaveValue('Beispiel');
    await expect(canvas.getByLabelText('E-Mail-Adresse')).toHaveValue('anna.beispiel@netzplus.example');
    await expect(canvas.getByLabelText('E-Mail-Adresse')).toHaveAttribute('autocomplete', 'email');
  },
};

/** SPEC 5: '{field} ist ein Pflichtfeld' and the invalid e-mail text, tied to the fields and summarised. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const vorname = await canvas.findByLabelText('Vorname');
    await userEvent.clear(vorname);
    await userEvent.clear(canvas.getByLabelText('E-Mail-Adresse'));
    await userEvent.type(canvas.getByLabelText('E-Mail-Adresse'), 'anna@');
    await userEvent.click(canvas.getByRole('button', { name: 'Prämie anfordern' }));
    await expect(vorname).toHaveAccessibleDescription('Vorname ist ein Pflichtfeld');
    await expect(canvas.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Bitte prüfen Sie Ihre Eingaben' }),
    ).toBeVisible();
  },
};

/** The reward was paid out meanwhile: the server's answer as an alert. */
export const Refused: Story = {
  parameters: {
    session: {
      user: ANNA,
      params: { praemieid: 'wunschgutschein' },
      api: { ...api, 'PUT /praemierung': { status: 409, data: { code: 'PSOF0400', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Prämie anfordern' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Diese Prämie wurde bereits abgeholt.');
  },
};

/** A reward that is not (or no longer) offered. */
export const Unknown: Story = {
  parameters: {
    path: `/de/praemie/gibt-es-nicht?praemierung=${REWARD_IDS.ready}`,
    session: { user: ANNA, params: { praemieid: 'gibt-es-nicht' }, api },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Diese Prämie können Sie zurzeit nicht wählen.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Andere Prämie wählen' })).toBeVisible();
  },
};
