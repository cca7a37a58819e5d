import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ChangePasswordForm } from '../blocks/ChangePasswordForm/index.ts';
import {
  AGENCY,
  ANNA,
  ANNA_LOGIN,
  type FakeApi,
  STORY_TOKEN,
  withStorySession,
} from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/ChangePasswordForm',
  component: ChangePasswordForm,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { user: ANNA } },
} satisfies Meta<typeof ChangePasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const session = (api: FakeApi) => ({ session: { user: ANNA, api } });

async function change(canvasElement: HTMLElement, current = 'Empfehlen2026'): Promise<void> {
  const canvas = within(canvasElement);
  // The form loads lazily; a required field's label ends with ' *' (aria-hidden).
  const currentField = await canvas.findByLabelText(/^Aktuelles Passwort( \*)?$/, undefined, {
    timeout: 10_000,
  });
  if (current) await userEvent.type(currentField, current);
  await userEvent.type(canvas.getByLabelText(/^Neues Passwort( \*)?$/), 'Freundschaft7Werben');
  await userEvent.type(canvas.getByLabelText(/^Passwort wiederholen( \*)?$/), 'Freundschaft7Werben');
  await userEvent.click(canvas.getByRole('button', { name: 'Passwort ändern' }));
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeVisible();
    await expect(
      await canvas.findByLabelText(/^Aktuelles Passwort( \*)?$/, undefined, { timeout: 10_000 }),
    ).toHaveAttribute('autocomplete', 'current-password');
    await expect(canvas.getByLabelText(/^Neues Passwort( \*)?$/)).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
  },
};

export const CurrentPasswordMissing: Story = {
  play: async ({ canvasElement }) => {
    await change(canvasElement, '');
    const current = within(canvasElement).getByLabelText(/^Aktuelles Passwort( \*)?$/);
    await expect(current).toHaveAccessibleDescription('Aktuelles Passwort ist ein Pflichtfeld');
    await expect(current).toHaveFocus();
  },
};

/** SPEC 8: 'Passwort erfolgreich geändert.' */
export const Success: Story = {
  parameters: session({ 'PUT /account/resetPasswordWithoutToken': { status: 200, data: ANNA_LOGIN } }),
  play: async ({ canvasElement }) => {
    await change(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Passwort erfolgreich geändert.');
    await expect(canvas.getByLabelText(/^Neues Passwort( \*)?$/)).toHaveValue('');
  },
};

export const WrongCurrentPassword: Story = {
  parameters: session({
    'PUT /account/resetPasswordWithoutToken': { status: 422, data: { code: 'PSOF0224', message: '' } },
  }),
  play: async ({ canvasElement }) => {
    await change(canvasElement, 'Falsch2026');
    const current = within(canvasElement).getByLabelText(/^Aktuelles Passwort( \*)?$/);
    await expect(current).toHaveAccessibleDescription('Das aktuelle Passwort ist nicht richtig.');
  },
};

/** SPEC 8: 'Fehler: Passwort konnte nicht geändert werden, versuchen sie es zu einem späteren Zeitpunkt nocheinmal.' */
export const Failure: Story = {
  parameters: session({
    'PUT /account/resetPasswordWithoutToken': { status: 500, data: { code: 'PSOF0001', message: '' } },
  }),
  play: async ({ canvasElement }) => {
    await change(canvasElement);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Fehler: Passwort konnte nicht geändert werden, versuchen sie es zu einem späteren Zeitpunkt nocheinmal.',
    );
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 1, name: 'Change password' }),
    ).toBeVisible();
  },
};

/** A signed-in agency user (AgencyChangePassword): the agency call; the agency session takes the new token. */
export const Agency: Story = {
  args: { audience: 'agency' },
  parameters: {
    session: {
      agencyUser: AGENCY,
      api: { 'PUT /agentur/passwortAendern': { status: 200, data: { ...AGENCY, Token: STORY_TOKEN } } },
    },
  },
  play: async ({ canvasElement }) => {
    await change(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Passwort erfolgreich geändert.');
    await expect(canvas.getByRole('link', { name: 'Zum Agenturbereich' })).toHaveAttribute(
      'href',
      '/de/agentur/bereich',
    );
  },
};
