import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { InvitationRegistration } from '../blocks/InvitationRegistration/index.ts';
import { ANNA_LOGIN, type FakeApi, withStorySession } from './fixtures/storySession.tsx';

/** An invitation token as the server hands them out (base64url, 43 characters). */
const TOKEN = 'z1w2e3r4t5z6u7i8o9p0a1s2d3f4g5h6j7k8l9y0x1c';
const VIEW = `GET /Einladung/${TOKEN}`;
const REGISTER = `POST /Einladung/${TOKEN}/registrieren`;
const VALID = {
  status: 200,
  data: { Vorname: 'Anna', Nachname: 'Beispiel', Email: ANNA_LOGIN.Email, Agentur: 'Agentur Nord GmbH' },
};

const meta = {
  title: 'Blocks/InvitationRegistration',
  component: InvitationRegistration,
  args: {},
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof InvitationRegistration>;

export default meta;
type Story = StoryObj<typeof meta>;

const session = (api: FakeApi) => ({ session: { params: { token: TOKEN }, api } });

async function fill(canvasElement: HTMLElement, password: string, terms: boolean): Promise<void> {
  const canvas = within(canvasElement);
  // The form loads lazily; a required field's label ends with ' *' (aria-hidden).
  const field = await canvas.findByLabelText(/^Passwort( \*)?$/, undefined, { timeout: 10_000 });
  await userEvent.type(field, password);
  await userEvent.type(canvas.getByLabelText(/^Passwort wiederholen( \*)?$/), password);
  if (terms) await userEvent.click(canvas.getByRole('checkbox'));
  await userEvent.click(canvas.getByRole('button', { name: 'Registrierung abschließen und anmelden' }));
}

export const Checking: Story = {
  parameters: session({ [VIEW]: 'never' }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Ihre Einladung wird geprüft …',
    );
  },
};

/** The customer is greeted by name and sees who invited them and which account the password is for. */
export const Valid: Story = {
  parameters: session({ [VIEW]: VALID }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Ihre Einladung' })).toBeVisible();
    await expect(await canvas.findByText('Willkommen, Anna Beispiel!')).toBeVisible();
    await expect(canvas.getByText(/Agentur Nord GmbH hat Sie eingeladen/)).toBeVisible();
    await expect(canvas.getByText(`Ihr Konto: ${ANNA_LOGIN.Email}`)).toBeVisible();
    const field = await canvas.findByLabelText(/^Passwort( \*)?$/, undefined, { timeout: 10_000 });
    await expect(field).toHaveAttribute('autocomplete', 'new-password');
  },
};

/** SPEC 5: the terms box must be ticked. */
export const TermsRequired: Story = {
  parameters: session({ [VIEW]: VALID }),
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'Freundschaft7Werben', false);
    await expect(within(canvasElement).getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Expired: Story = {
  parameters: session({ [VIEW]: { status: 410, data: { code: 'PSOF0633', message: '' } } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Diese Einladung ist abgelaufen.');
    await expect(canvas.getByRole('link', { name: 'Zur Anmeldung' })).toBeVisible();
  },
};

/** Used between opening and saving (e.g. in another tab): the form gives way to the notice. */
export const UsedWhileOpen: Story = {
  parameters: session({
    [VIEW]: VALID,
    [REGISTER]: { status: 410, data: { code: 'PSOF0634', message: '' } },
  }),
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'Freundschaft7Werben', true);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Diese Einladung wurde bereits verwendet.',
    );
  },
};

export const Saving: Story = {
  parameters: session({ [VIEW]: VALID, [REGISTER]: 'never' }),
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'Freundschaft7Werben', true);
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Registrierung wird abgeschlossen …' }),
    ).toHaveAttribute('aria-disabled', 'true');
  },
};
