import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { RegistrationForm } from '../blocks/RegistrationForm/index.ts';
import { withStorySession } from './fixtures/storySession.tsx';

// The form's lazy chunk (rjsf and the precompiled validators) starts loading with this file.
void import('../runtime/forms/SchemaForm.tsx');

const EMAIL = 'anna.neu@example.org';
const SENT = { status: 202, data: { Email: EMAIL } };

const meta = {
  title: 'Blocks/RegistrationForm',
  component: RegistrationForm,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof RegistrationForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The form renders once its lazy chunk is there; its labels end in the required marker ' *'. */
const firstField = (canvasElement: HTMLElement) =>
  within(canvasElement).findByLabelText(/^Vorname/, undefined, { timeout: 10_000 });

async function fillIn(canvasElement: HTMLElement, email = EMAIL): Promise<void> {
  const canvas = within(canvasElement);
  await userEvent.type(await firstField(canvasElement), 'Anna');
  await userEvent.type(canvas.getByLabelText(/^Nachname/), 'Neu');
  await userEvent.type(canvas.getByLabelText(/^E-Mail-Adresse/), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Registrieren' }));
}

/** Three labelled fields with the autocomplete hints browsers fill from. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();
    await expect(await firstField(canvasElement)).toHaveAttribute('autocomplete', 'given-name');
    await expect(canvas.getByLabelText(/^Nachname/)).toHaveAttribute('autocomplete', 'family-name');
    await expect(canvas.getByLabelText(/^E-Mail-Adresse/)).toHaveAttribute('autocomplete', 'email');
  },
};

/** SPEC 5: "{field} ist ein Pflichtfeld" under each field; the first one gets the focus. */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const vorname = await firstField(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Registrieren' }));
    await expect(vorname).toHaveAttribute('aria-invalid', 'true');
    await expect(vorname).toHaveAccessibleDescription('Vorname ist ein Pflichtfeld');
    await expect(canvas.getByLabelText(/^E-Mail-Adresse/)).toHaveAccessibleDescription(
      'E-Mail-Adresse ist ein Pflichtfeld',
    );
    await expect(vorname).toHaveFocus();
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement, 'anna.neu');
    await expect(within(canvasElement).getByLabelText(/^E-Mail-Adresse/)).toHaveAccessibleDescription(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
  },
};

/** After sending: "check your mailbox", and the welcome mail can be sent again. */
export const Sent: Story = {
  parameters: {
    session: {
      api: {
        'POST /account/createEmpfehler': SENT,
        [`GET /account/resendWelcomeMail/${encodeURIComponent(EMAIL)}`]: SENT,
      },
    },
  },
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Wir haben eine E-Mail an anna\.neu@example\.org geschickt/),
    ).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'E-Mail erneut senden' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Wir haben die E-Mail erneut an anna.neu@example.org geschickt.',
    );
  },
};

/** Too many mails for one address (PSOF0225): the reason and what to do, as an alert. */
export const TooManyMails: Story = {
  parameters: {
    session: {
      api: { 'POST /account/createEmpfehler': { status: 429, data: { code: 'PSOF0225', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Für diese E-Mail-Adresse wurden zu viele E-Mails angefordert.',
    );
  },
};

export const Submitting: Story = {
  parameters: { session: { api: { 'POST /account/createEmpfehler': 'never' } } },
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement);
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Registrierung läuft …' }),
    ).toHaveAttribute('aria-disabled', 'true');
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Register' }, { timeout: 10_000 }));
    await expect(canvas.getByLabelText(/^First name/)).toHaveAccessibleDescription(
      'First name is a required field',
    );
  },
};
