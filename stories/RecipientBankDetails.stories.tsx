import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RecipientBankDetails } from '../blocks/RecipientBankDetails/index.ts';
import { NR, storedRecipient, withModules } from './fixtures/storyRecipient.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

// The form's lazy chunk (rjsf and the precompiled validators) starts loading with this file, so the plays
// measure the form, not a cold download.
void import('../runtime/forms/SchemaForm.tsx');

/** The IBAN field, once the form's lazy chunk is there. */
const ibanField = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('textbox', { name: 'IBAN' }, { timeout: 10_000 });

const SAVE = 'POST /empfaenger/bankdaten';

// The telecom demo stores bank data and takes German IBANs only (ModuleStoringBankdata, ModuleIBANNurDE).
const meta = {
  title: 'Blocks/RecipientBankDetails',
  component: RecipientBankDetails,
  globals: { language: 'de', mandant: 'telko' },
  decorators: [withStorySession, withModules({ ModuleStoringBankdata: true, ModuleIBANNurDE: true })],
  beforeEach: storedRecipient,
  parameters: {
    path: `/de/empfaenger/${NR}/bankdaten`,
    session: { params: { empfehlungsnummer: NR }, api: { [SAVE]: { status: 204 } } },
  },
} satisfies Meta<typeof RecipientBankDetails>;

export default meta;
type Story = StoryObj<typeof meta>;

async function enter(canvasElement: HTMLElement, iban: string, holder = 'Felix Freund'): Promise<void> {
  const canvas = within(canvasElement);
  const ibanInput = await ibanField(canvasElement);
  if (iban) await userEvent.type(ibanInput, iban);
  if (holder) await userEvent.type(canvas.getByRole('textbox', { name: 'Kontoinhaber' }), holder);
  await userEvent.click(canvas.getByRole('button', { name: 'Bankverbindung speichern' }));
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Ihre Bankverbindung' })).toBeVisible();
    await expect(await ibanField(canvasElement)).toHaveAccessibleDescription(
      'Eine deutsche IBAN, zum Beispiel DE89 3704 0044 0532 0130 00',
    );
    await expect(canvas.getByRole('textbox', { name: 'Kontoinhaber' })).toHaveAttribute(
      'autocomplete',
      'name',
    );
  },
};

/** SPEC 5: '{field} ist ein Pflichtfeld'. */
export const Required: Story = {
  play: async ({ canvasElement }) => {
    await enter(canvasElement, '', '');
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'IBAN' })).toHaveAccessibleDescription(
      expect.stringContaining('IBAN ist ein Pflichtfeld'),
    );
    await expect(canvas.getByRole('textbox', { name: 'Kontoinhaber' })).toHaveAccessibleDescription(
      'Kontoinhaber ist ein Pflichtfeld',
    );
  },
};

/** SPEC 5: '{field} ist nicht gültig' — checked here with the server's rules (wrong check digits). */
export const InvalidIban: Story = {
  play: async ({ canvasElement }) => {
    await enter(canvasElement, 'DE89 3704 0044 0532 0130 01');
    await expect(within(canvasElement).getByRole('textbox', { name: 'IBAN' })).toHaveAccessibleDescription(
      expect.stringContaining('IBAN ist nicht gültig'),
    );
  },
};

/** ModuleIBANNurDE: only German IBANs. */
export const ForeignIban: Story = {
  play: async ({ canvasElement }) => {
    await enter(canvasElement, 'AT61 1904 3002 3457 3201');
    await waitFor(() =>
      expect(within(canvasElement).getByRole('textbox', { name: 'IBAN' })).toHaveAccessibleDescription(
        expect.stringContaining(
          'IBAN ist nicht gültig: Bitte geben Sie eine deutsche IBAN (beginnt mit DE) an.',
        ),
      ),
    );
  },
};

export const Saved: Story = {
  play: async ({ canvasElement }) => {
    await enter(canvasElement, 'DE89 3704 0044 0532 0130 00');
    await waitFor(() => expect(within(canvasElement).queryByRole('alert')).toBeNull());
  },
};

/** The server's answer to an IBAN the form let through, announced as the form's alert above the fields. */
export const RefusedByServer: Story = {
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: { [SAVE]: { status: 422, data: { code: 'PSOF0332', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    await enter(canvasElement, 'DE89 3704 0044 0532 0130 00');
    await waitFor(() =>
      expect(within(canvasElement).getByRole('textbox', { name: 'IBAN' })).toHaveAccessibleDescription(
        expect.stringContaining('IBAN ist nicht gültig'),
      ),
    );
  },
};

/** A mandant that stores no bank data (ModuleStoringBankdata off) goes straight on. */
export const NotNeeded: Story = {
  decorators: [withModules({ ModuleStoringBankdata: false })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Für diese Empfehlung brauchen wir keine Bankverbindung von Ihnen.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Weiter' })).toHaveAttribute(
      'href',
      `/de/empfaenger/${NR}/bestaetigt`,
    );
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: 'telko' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await ibanField(canvasElement), 'kaputt');
    await userEvent.click(canvas.getByRole('button', { name: 'Save bank details' }));
    await expect(canvas.getByRole('textbox', { name: 'IBAN' })).toHaveAccessibleDescription(
      expect.stringContaining('IBAN is not valid'),
    );
  },
};
