import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BankDetails } from '../blocks/BankDetails/index.ts';
import { forgetRewardLink } from './fixtures/storyPersonalArea.ts';
import { withModules } from './fixtures/storyRecipient.tsx';
import { ANNA, withStorySession } from './fixtures/storySession.tsx';

// The form's lazy chunk (rjsf and the precompiled validators) starts loading with this file, so the plays
// measure the form, not a cold download.
void import('../runtime/forms/SchemaForm.tsx');

const GET = 'GET /empfehler/bankdaten';
const PUT = 'PUT /empfehler/bankdaten';
const STORED = { IBAN: 'DE89 **** **** **** **30 00', Kontoinhaber: 'Anna Beispiel' };

// The telecom demo stores bank data and takes German IBANs only (ModuleStoringBankdata, ModuleIBANNurDE).
const meta = {
  title: 'Blocks/BankDetails',
  component: BankDetails,
  globals: { language: 'de', mandant: 'telko' },
  decorators: [withStorySession, withModules({ ModuleStoringBankdata: true, ModuleIBANNurDE: true })],
  beforeEach: forgetRewardLink,
  parameters: {
    session: {
      user: ANNA,
      api: { [GET]: { status: 200, data: null }, [PUT]: { status: 200, data: STORED } },
    },
  },
} satisfies Meta<typeof BankDetails>;

export default meta;
type Story = StoryObj<typeof meta>;

async function enter(canvasElement: HTMLElement, iban: string, holder: string): Promise<void> {
  const canvas = within(canvasElement);
  if (iban)
    await userEvent.type(await canvas.findByRole('textbox', { name: 'IBAN' }, { timeout: 10_000 }), iban);
  if (holder) await userEvent.type(canvas.getByRole('textbox', { name: 'Kontoinhaber' }), holder);
  await userEvent.click(canvas.getByRole('button', { name: 'Bankdaten speichern' }));
}

/** Nothing stored yet (a null answer means empty): the form to enter them. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Bankdaten' })).toBeVisible();
    await expect(
      await canvas.findByText('Sie haben noch keine Bankdaten hinterlegt.', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Bankdaten eingeben' })).toBeVisible();
    // The form loads lazily after the text above: wait for its field.
    await expect(
      await canvas.findByRole('textbox', { name: 'IBAN' }, { timeout: 10_000 }),
    ).toHaveAccessibleDescription('Nur deutsche IBAN, zum Beispiel DE89 3704 0044 0532 0130 00');
  },
};

/** Stored: the IBAN only masked, with change and delete. */
export const Stored: Story = {
  parameters: { session: { user: ANNA, api: { [GET]: { status: 200, data: STORED } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('DE89 **** **** **** **30 00')).toBeVisible();
    await expect(canvas.getByText('Anna Beispiel')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Bankdaten löschen' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Bankdaten ändern' })).toBeVisible();
  },
};

/** SPEC 5: '{field} ist ein Pflichtfeld' and '{field} ist nicht gültig', checked with the server's rules. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    await enter(canvasElement, 'DE89 3704 0044 0532 0130 01', '');
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'IBAN' })).toHaveAccessibleDescription(
      expect.stringContaining('IBAN ist nicht gültig'),
    );
    await expect(canvas.getByRole('textbox', { name: 'Kontoinhaber' })).toHaveAccessibleDescription(
      'Kontoinhaber ist ein Pflichtfeld',
    );
  },
};

/** ModuleIBANNurDE: an Austrian IBAN is refused before it is sent. */
export const ForeignIban: Story = {
  play: async ({ canvasElement }) => {
    await enter(canvasElement, 'AT61 1904 3002 3457 3201', 'Anna Beispiel');
    await expect(within(canvasElement).getByRole('textbox', { name: 'IBAN' })).toHaveAccessibleDescription(
      expect.stringContaining(
        'IBAN ist nicht gültig: Bitte geben Sie eine deutsche IBAN (beginnt mit DE) an.',
      ),
    );
  },
};

export const Saved: Story = {
  play: async ({ canvasElement }) => {
    await enter(canvasElement, 'DE89 3704 0044 0532 0130 00', 'Anna Beispiel');
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Ihre Bankdaten wurden gespeichert.',
    );
  },
};

/** Neither logged in nor a reward link: SPEC 8's 'Bitte verwenden Sie den Link aus Ihrer E-Mail.' */
export const Unauthorised: Story = {
  parameters: {
    session: { api: { [GET]: { status: 401, data: { code: 'PSOF0310', message: '' } } } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Bitte verwenden Sie den Link aus Ihrer E-Mail.',
    );
    await expect(canvas.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  },
};
