import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Contact } from '../blocks/Contact/index.ts';
import { ANNA, withStorySession } from './fixtures/storySession.tsx';

// The form's lazy chunk (rjsf and the precompiled validators) starts loading with this file.
void import('../runtime/forms/SchemaForm.tsx');

const meta = {
  title: 'Blocks/Contact',
  component: Contact,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: {
    session: {
      user: ANNA,
      api: {
        'GET /kontakt': { status: 200, data: { CaptchaErforderlich: false } },
        'POST /kontakt': { status: 204 },
      },
    },
  },
} satisfies Meta<typeof Contact>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The form renders once its lazy chunk is there; its labels end in the required marker ' *'. */
const nameField = (canvasElement: HTMLElement) =>
  within(canvasElement).findByLabelText(/^Ihr Name/, undefined, { timeout: 10_000 });

async function fillIn(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement);
  await userEvent.type(await nameField(canvasElement), 'Anna Beispiel');
  await userEvent.type(canvas.getByLabelText(/^Ihre E-Mail-Adresse/), 'anna.beispiel@netzplus.example');
  await userEvent.type(canvas.getByLabelText(/^Betreff/), 'Frage zur Prämie');
  await userEvent.type(canvas.getByLabelText(/^Nachricht/), 'Wann wird meine Prämie ausgezahlt?');
}

/** Labelled fields with autocomplete hints; a note on how the message is used. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Ihre Nachricht an uns' })).toBeVisible();
    await expect(await nameField(canvasElement)).toHaveAttribute('autocomplete', 'name');
    await expect(canvas.getByLabelText(/^Ihre E-Mail-Adresse/)).toHaveAttribute('autocomplete', 'email');
    await expect(canvas.getByRole('link', { name: 'Mehr in der Datenschutzerklärung' })).toHaveAttribute(
      'href',
      '/de/datenschutz',
    );
  },
};

/** SPEC 5: "{field} ist ein Pflichtfeld" under each empty field; the first gets the focus. */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await nameField(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Nachricht senden' }));
    await expect(name).toHaveAccessibleDescription('Ihr Name ist ein Pflichtfeld');
    await expect(canvas.getByLabelText(/^Nachricht/)).toHaveAccessibleDescription(
      'Nachricht ist ein Pflichtfeld',
    );
    await expect(name).toHaveFocus();
  },
};

export const Sent: Story = {
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Nachricht senden' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Vielen Dank für Ihre Nachricht!');
    await expect(canvas.getByRole('button', { name: 'Weitere Nachricht schreiben' })).toBeVisible();
  },
};

/** Too many messages from one place (PSOF0016), announced as an alert. */
export const RateLimited: Story = {
  parameters: {
    session: {
      user: ANNA,
      api: {
        'GET /kontakt': { status: 200, data: { CaptchaErforderlich: false } },
        'POST /kontakt': { status: 429, data: { code: 'PSOF0016', message: '' } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Nachricht senden' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Zu viele Versuche.');
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send message' }, { timeout: 10_000 }));
    await expect(canvas.getByLabelText(/^Your name/)).toHaveAccessibleDescription(
      'Your name is a required field',
    );
  },
};
