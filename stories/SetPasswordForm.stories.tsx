import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SetPasswordForm } from '../blocks/SetPasswordForm/index.ts';
import { ANNA_LOGIN, type FakeApi, withStorySession } from './fixtures/storySession.tsx';

/** A link token as the server hands them out (base64url, 43 characters). */
const TOKEN = 'q1w2e3r4t5z6u7i8o9p0a1s2d3f4g5h6j7k8l9y0x1c';
const VALID = { status: 200, data: { Purpose: 'reset', Email: ANNA_LOGIN.Email, Vorname: 'Anna' } };

const meta = {
  title: 'Blocks/SetPasswordForm',
  component: SetPasswordForm,
  args: { purpose: 'reset' },
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof SetPasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const session = (api: FakeApi) => ({ session: { params: { token: TOKEN }, api } });

async function choose(canvasElement: HTMLElement, password: string, confirm = password): Promise<void> {
  const canvas = within(canvasElement);
  // The form loads lazily; a required field's label ends with ' *' (aria-hidden).
  const field = await canvas.findByLabelText(/^Neues Passwort( \*)?$/, undefined, { timeout: 10_000 });
  if (password) await userEvent.type(field, password);
  if (confirm) await userEvent.type(canvas.getByLabelText(/^Passwort wiederholen( \*)?$/), confirm);
  await userEvent.click(canvas.getByRole('button', { name: 'Passwort speichern und anmelden' }));
}

export const Checking: Story = {
  parameters: session({ 'PUT /account/validateResetPassword': 'never' }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Ihr Link wird geprüft …');
  },
};

/** The rules (SPEC 5) are read out with the field, before anyone types. */
export const Reset: Story = {
  parameters: session({ 'PUT /account/validateResetPassword': VALID }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible();
    const field = await canvas.findByLabelText(/^Neues Passwort( \*)?$/, undefined, { timeout: 10_000 });
    await expect(field).toHaveAttribute('autocomplete', 'new-password');
    await expect(field).toHaveAccessibleDescription(/mindestens 8 Zeichen/);
    await expect(canvas.getByText('Ihr Konto: anna.beispiel@netzplus.example')).toBeVisible();
  },
};

/** The welcome mail's link: finishing the registration. */
export const Welcome: Story = {
  args: { purpose: 'welcome' },
  parameters: session({
    'PUT /account/validateResetPassword': { status: 200, data: { ...VALID.data, Purpose: 'welcome' } },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Registrierung abschließen' })).toBeVisible();
    await expect(await canvas.findByText(/Willkommen, Anna!/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Passwort festlegen und anmelden' })).toBeVisible();
  },
};

export const WeakPassword: Story = {
  parameters: session({ 'PUT /account/validateResetPassword': VALID }),
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'kurz');
    const field = within(canvasElement).getByLabelText(/^Neues Passwort( \*)?$/);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/mindestens 8 Zeichen lang sein/);
    await expect(field).toHaveFocus();
  },
};

export const CommonPassword: Story = {
  parameters: session({ 'PUT /account/validateResetPassword': VALID }),
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'Passwort123');
    await expect(within(canvasElement).getByLabelText(/^Neues Passwort( \*)?$/)).toHaveAccessibleDescription(
      /zu verbreitet und leicht zu erraten/,
    );
  },
};

export const Mismatch: Story = {
  parameters: session({ 'PUT /account/validateResetPassword': VALID }),
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'Freundschaft7Werben', 'Freundschaft7werben');
    await expect(
      within(canvasElement).getByLabelText(/^Passwort wiederholen( \*)?$/),
    ).toHaveAccessibleDescription('Die Passwörter stimmen nicht überein.');
  },
};

/** SPEC 8: an expired link says so and offers "password forgotten". */
export const LinkExpired: Story = {
  parameters: session({
    'PUT /account/validateResetPassword': { status: 410, data: { code: 'PSOF0201', message: '' } },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Dieser Link ist abgelaufen.');
    await expect(canvas.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
      'href',
      '/de/passwort-vergessen',
    );
  },
};

export const LinkUsed: Story = {
  parameters: session({
    'PUT /account/validateResetPassword': { status: 409, data: { code: 'PSOF0209', message: '' } },
  }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Dieser Anmeldelink wurde bereits verwendet.',
    );
  },
};

/** Used up between opening and saving (e.g. in another tab): the form gives way to the dead-link notice. */
export const UsedWhileOpen: Story = {
  parameters: session({
    'PUT /account/validateResetPassword': VALID,
    'PUT /account/resetPassword': { status: 409, data: { code: 'PSOF0209', message: '' } },
  }),
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'Freundschaft7Werben');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Dieser Anmeldelink wurde bereits verwendet.',
    );
  },
};

export const Saving: Story = {
  parameters: session({ 'PUT /account/validateResetPassword': VALID, 'PUT /account/resetPassword': 'never' }),
  play: async ({ canvasElement }) => {
    await choose(canvasElement, 'Freundschaft7Werben');
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Passwort wird gespeichert …' }),
    ).toHaveAttribute('aria-disabled', 'true');
  },
};

/** An agency staff member's welcome link (AgencySetPassword): no check ahead, the agency texts. */
export const AgencyWelcome: Story = {
  args: { purpose: 'welcome', audience: 'agency' },
  parameters: session({}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Ihr Zugang zum Agenturbereich' }),
    ).toBeVisible();
    await expect(
      await canvas.findByRole('button', { name: 'Passwort festlegen und anmelden' }, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

/** An agency reset link that was used already: the way to a new one leads to the agency pages. */
export const AgencyResetUsed: Story = {
  args: { purpose: 'reset', audience: 'agency' },
  parameters: session({
    'PUT /agentur/passwortSetzen': { status: 409, data: { code: 'PSOF0209', message: '' } },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Neues Passwort für den Agenturbereich' }),
    ).toBeVisible();
    await choose(canvasElement, 'Freundschaft7Werben');
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
      'href',
      '/de/agentur/passwort-vergessen',
    );
  },
};
