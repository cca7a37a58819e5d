import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { RegistrationForm } from '../blocks/RegistrationForm/index.ts';
import { withStorySession } from './fixtures/storySession.tsx';

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

async function fillIn(canvasElement: HTMLElement, email = EMAIL): Promise<void> {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Vorname'), 'Anna');
  await userEvent.type(canvas.getByLabelText('Nachname'), 'Neu');
  await userEvent.type(canvas.getByLabelText('E-Mail-Adresse'), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Registrieren' }));
}

/** Three labelled fields with the autocomplete hints browsers fill from. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();
    await expect(canvas.getByLabelText('Vorname')).toHaveAttribute('autocomplete', 'given-name');
    await expect(canvas.getByLabelText('Nachname')).toHaveAttribute('autocomplete', 'family-name');
    await expect(canvas.getByLabelText('E-Mail-Adresse')).toHaveAttribute('autocomplete', 'email');
  },
};

/** SPEC 5: "{field} ist ein Pflichtfeld" under each field; the first one gets the focus. */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Registrieren' }));
    const vorname = canvas.getByLabelText('Vorname');
    await expect(vorname).toHaveAttribute('aria-invalid', 'true');
    await expect(vorname).toHaveAccessibleDescription('Vorname ist ein Pflichtfeld');
    await expect(canvas.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
      'E-Mail-Adresse ist ein Pflichtfeld',
    );
    await expect(vorname).toHaveFocus();
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement, 'anna.neu');
    await expect(
      await within(canvasElement).findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
    ).toBeVisible();
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
    await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
    await expect(canvas.getByLabelText('First name')).toHaveAccessibleDescription(
      'First name is a required field',
    );
  },
};
