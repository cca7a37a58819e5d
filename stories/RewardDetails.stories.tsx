import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { RewardDetails } from '../blocks/RewardDetails/index.ts';
import {
  forgetRewardLink,
  REWARD_IDS,
  REWARD_OPTIONS,
  REWARDS,
  reward,
} from './fixtures/storyPersonalArea.ts';
import { ANNA, withStorySession } from './fixtures/storySession.tsx';

// The form's lazy chunk (rjsf and the precompiled validators) starts loading with this file, so the plays
// measure the form, not a cold download.
void import('../runtime/forms/SchemaForm.tsx');

const api = {
  'GET /praemie': { status: 200, data: REWARD_OPTIONS },
  'GET /praemierung': { status: 200, data: REWARDS },
  'PUT /praemierung': {
    status: 200,
    data: reward({ Status: 'Abgeholt', PraemieId: 'wunschgutschein' }),
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
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Wunschgutschein' }, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Vorname' })).toHaveValue('Anna');
    await expect(canvas.getByRole('textbox', { name: 'Nachname' })).toHaveValue('Beispiel');
    await expect(canvas.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue(
      'anna.beispiel@netzplus.example',
    );
    await expect(canvas.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveAttribute(
      'autocomplete',
      'email',
    );
  },
};

/** SPEC 5: '{field} ist ein Pflichtfeld' and the invalid e-mail text, tied to the fields and summarised. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const vorname = await canvas.findByRole('textbox', { name: 'Vorname' }, { timeout: 10_000 });
    const email = canvas.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await userEvent.clear(vorname);
    await userEvent.clear(email);
    await userEvent.type(email, 'anna@');
    await userEvent.click(canvas.getByRole('button', { name: 'Prämie anfordern' }));
    await expect(vorname).toHaveAccessibleDescription('Vorname ist ein Pflichtfeld');
    await expect(email).toHaveAccessibleDescription('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    // The summary: one alert above the fields, no heading of its own (SchemaForm).
    await expect(canvas.getByRole('alert')).toHaveTextContent('Bitte prüfen Sie Ihre Eingaben');
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
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Prämie anfordern' }, { timeout: 10_000 }),
    );
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
