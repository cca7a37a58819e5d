import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LoginForm } from '../blocks/LoginForm/index.ts';
import { ANNA, ANNA_LOGIN, withStorySession } from './fixtures/storySession.tsx';

// The form's lazy chunk (rjsf and the precompiled validators) starts loading with this file, so the plays
// measure the form, not a cold download.
void import('../runtime/forms/SchemaForm.tsx');

const meta = {
  title: 'Blocks/LoginForm',
  component: LoginForm,
  // The _base routes include Dashboard, Logout and the login pages; plays check German texts.
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof LoginForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The form renders once its lazy chunk is there; its labels end in the required marker ' *'. */
const emailField = (canvasElement: HTMLElement) =>
  within(canvasElement).findByLabelText(/^E-Mail-Adresse/, undefined, { timeout: 10_000 });

/** Empty form: labelled fields with the autocomplete hints password managers need. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(await emailField(canvasElement)).toHaveAttribute('autocomplete', 'email');
    await expect(canvas.getByLabelText(/^Passwort/)).toHaveAttribute('autocomplete', 'current-password');
    await expect(canvas.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  },
};

/** SPEC 5: "{field} ist ein Pflichtfeld", tied to the field; the first invalid field gets the focus. */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await emailField(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('E-Mail-Adresse ist ein Pflichtfeld');
    await expect(canvas.getByLabelText(/^Passwort/)).toHaveAccessibleDescription(
      'Passwort ist ein Pflichtfeld',
    );
    await expect(email).toHaveFocus();
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await emailField(canvasElement), 'anna.beispiel');
    await userEvent.type(canvas.getByLabelText(/^Passwort/), 'geheim');
    await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
    await expect(canvas.getByLabelText(/^E-Mail-Adresse/)).toHaveAccessibleDescription(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
  },
};

async function submitCredentials(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement);
  await userEvent.type(await emailField(canvasElement), 'anna.beispiel@netzplus.example');
  await userEvent.type(canvas.getByLabelText(/^Passwort/), 'Falsch2026');
  await userEvent.click(canvas.getByRole('button', { name: 'Anmelden' }));
}

/** The server's answer to a wrong password (PSOF0200), announced as an alert. */
export const WrongPassword: Story = {
  parameters: {
    session: {
      api: { 'POST /account/login': { status: 401, data: { code: 'PSOF0200', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    await submitCredentials(canvasElement);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'E-Mail-Adresse oder Passwort ist falsch.',
    );
  },
};

export const Blocked: Story = {
  parameters: {
    session: {
      api: { 'POST /account/login': { status: 403, data: { code: 'PSOF0203', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    await submitCredentials(canvasElement);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Ihr Konto ist gesperrt. Bitte wenden Sie sich an den Kundenservice.',
    );
  },
};

/** Too many attempts (PSOF0016, HTTP 429). */
export const RateLimited: Story = {
  parameters: {
    session: {
      api: { 'POST /account/login': { status: 429, data: { code: 'PSOF0016', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    await submitCredentials(canvasElement);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    );
  },
};

/** After failed logins (ADR 0024): the server delays the next try (PSOF0910, HTTP 429 with Retry-After). */
export const Throttled: Story = {
  parameters: {
    session: {
      api: { 'POST /account/login': { status: 429, data: { code: 'PSOF0910', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    await submitCredentials(canvasElement);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    );
    // a delay is no reason for the captcha
    expect(canvasElement.querySelector('altcha-widget')).toBeNull();
  },
};

/** After three failures of the address the server asks for the captcha (PSOF0307): the widget appears. */
export const CaptchaRequired: Story = {
  parameters: {
    session: {
      api: { 'POST /account/login': { status: 422, data: { code: 'PSOF0307', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    expect(canvasElement.querySelector('altcha-widget')).toBeNull();
    await submitCredentials(canvasElement);
    // The widget brings alerts of its own: find the message by its text.
    await expect(
      await within(canvasElement).findByText('Bitte lösen Sie die Sicherheitsabfrage.'),
    ).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(canvasElement.querySelector('altcha-widget')).not.toBeNull(), {
      timeout: 10_000,
    });
  },
};

/** While the server answers, the button says so and does not send twice. */
export const Submitting: Story = {
  parameters: { session: { api: { 'POST /account/login': 'never' } } },
  play: async ({ canvasElement }) => {
    await submitCredentials(canvasElement);
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Anmeldung läuft …' }),
    ).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Success: Story = {
  parameters: { session: { api: { 'POST /account/login': { status: 200, data: ANNA_LOGIN } } } },
  play: async ({ canvasElement }) => {
    await submitCredentials(canvasElement);
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Anmeldung läuft …' }),
    ).toBeVisible();
  },
};

export const AlreadyLoggedIn: Story = {
  parameters: { session: { user: ANNA } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Sie sind als Anna Beispiel angemeldet.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zum persönlichen Bereich' })).toHaveAttribute(
      'href',
      '/de/persoenlicher-bereich',
    );
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Log in' }, { timeout: 10_000 }));
    await expect(canvas.getByLabelText(/^E-mail address/)).toHaveAccessibleDescription(
      'E-mail address is a required field',
    );
  },
};
