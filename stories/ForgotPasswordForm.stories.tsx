import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ForgotPasswordForm } from '../blocks/ForgotPasswordForm/index.ts';
import { withStorySession } from './fixtures/storySession.tsx';

// The form's lazy chunk (rjsf and the precompiled validators) starts loading with this file.
void import('../runtime/forms/SchemaForm.tsx');

const EMAIL = 'anna.beispiel@netzplus.example';
const RESET = `GET /account/resetPassword/${encodeURIComponent(EMAIL)}`;

const meta = {
  title: 'Blocks/ForgotPasswordForm',
  component: ForgotPasswordForm,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof ForgotPasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The form renders once its lazy chunk is there; its label ends in the required marker ' *'. */
const emailField = (canvasElement: HTMLElement) =>
  within(canvasElement).findByLabelText(/^E-Mail-Adresse/, undefined, { timeout: 10_000 });

async function request(canvasElement: HTMLElement, email = EMAIL): Promise<void> {
  const canvas = within(canvasElement);
  const field = await emailField(canvasElement);
  if (email) await userEvent.type(field, email);
  await userEvent.click(canvas.getByRole('button', { name: 'Link anfordern' }));
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
    await expect(await emailField(canvasElement)).toHaveAttribute('autocomplete', 'email');
    await expect(canvas.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute(
      'href',
      '/de/login',
    );
  },
};

export const Required: Story = {
  play: async ({ canvasElement }) => {
    await request(canvasElement, '');
    const email = within(canvasElement).getByLabelText(/^E-Mail-Adresse/);
    await expect(email).toHaveAccessibleDescription('E-Mail-Adresse ist ein Pflichtfeld');
    await expect(email).toHaveFocus();
  },
};

/** The same answer for every address: whether it is registered is said in the mail only. */
export const Sent: Story = {
  parameters: { session: { api: { [RESET]: { status: 202, data: { Email: EMAIL } } } } },
  play: async ({ canvasElement }) => {
    await request(canvasElement);
    await expect(
      await within(canvasElement).findByText(
        /Wir haben eine E-Mail an anna\.beispiel@netzplus\.example geschickt/,
      ),
    ).toHaveFocus();
  },
};

export const RateLimited: Story = {
  parameters: { session: { api: { [RESET]: { status: 429, data: { code: 'PSOF0225', message: '' } } } } },
  play: async ({ canvasElement }) => {
    await request(canvasElement);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Für diese E-Mail-Adresse wurden zu viele E-Mails angefordert.',
    );
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
    await expect(
      await canvas.findByRole('button', { name: 'Request link' }, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

/** Agency staff (AgencyForgotPassword): the agency call, back to the agency login, no registration. */
export const Agency: Story = {
  args: { audience: 'agency' },
  parameters: {
    session: { api: { 'PUT /agentur/passwortVergessen': { status: 202, data: { Email: EMAIL } } } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Passwort für den Agenturbereich vergessen' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('link', { name: /registrieren/ })).toBeNull();
    await request(canvasElement);
    await expect(
      await canvas.findByText(/Gehört anna\.beispiel@netzplus\.example zu einem Agenturzugang/),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute(
      'href',
      '/de/agentur/login',
    );
  },
};
