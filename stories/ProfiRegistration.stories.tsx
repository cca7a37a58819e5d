import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ProfiRegistration } from '../blocks/ProfiRegistration/index.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/ProfiRegistration',
  component: ProfiRegistration,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { api: { 'GET /captcha/challenge': 'never' } } },
} satisfies Meta<typeof ProfiRegistration>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = (canvasElement: HTMLElement, label: string) =>
  within(canvasElement).findByLabelText(new RegExp(`^${label}( \\*)?$`), undefined, { timeout: 10_000 });

/** The rules a schema cannot state, then the captcha the server needs. */
export const Register: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Als Profi-Verkäufer registrieren' }),
    ).toBeVisible();
    await userEvent.click(await canvas.findByRole('radio', { name: 'Firma' }, { timeout: 10_000 }));
    await userEvent.type(await field(canvasElement, 'Vorname'), 'Paula');
    await userEvent.type(await field(canvasElement, 'Nachname'), 'Profi');
    await userEvent.type(await field(canvasElement, 'E-Mail-Adresse'), 'paula@profi.example');
    await userEvent.type(await field(canvasElement, 'Straße und Hausnummer'), 'Marktplatz 3');
    await userEvent.type(await field(canvasElement, 'PLZ'), '20095');
    await userEvent.type(await field(canvasElement, 'Ort'), 'Hamburg');
    await userEvent.click(canvas.getByRole('radio', { name: /^Kleinunternehmer/ }));
    await userEvent.type(await field(canvasElement, 'IBAN'), 'DE00 1234');
    await userEvent.click(canvas.getByRole('button', { name: 'Registrieren' }));
    await expect(
      (await canvas.findAllByText('Bitte geben Sie den Namen Ihrer Firma an.')).length,
    ).toBeGreaterThan(0);
    await expect(
      canvas.getAllByText('Als Kleinunternehmer geben Sie bitte Ihre Steuernummer an.').length,
    ).toBeGreaterThan(0);
    await expect(canvas.getAllByText('IBAN ist nicht gültig').length).toBeGreaterThan(0);

    await userEvent.type(await field(canvasElement, 'Firmenname'), 'Profi Vertrieb GmbH');
    await userEvent.type(await field(canvasElement, 'Steuernummer'), '21/815/08150');
    await userEvent.clear(await field(canvasElement, 'IBAN'));
    await userEvent.click(canvas.getByRole('button', { name: 'Registrieren' }));
    await expect(await canvas.findByText('Bitte lösen Sie die Sicherheitsabfrage.')).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('radio', { name: 'Company' }, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Register' })).toBeVisible();
  },
};
