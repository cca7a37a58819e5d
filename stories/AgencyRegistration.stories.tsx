import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AgencyRegistration } from '../blocks/AgencyRegistration/index.ts';
import { type FakeApi, withStorySession } from './fixtures/storySession.tsx';

/** A registration token as the server hands them out (base64url, 43 characters). */
const TOKEN = 'q1w2e3r4t5z6u7i8o9p0a1s2d3f4g5h6j7k8l9y0x1c';
const REGISTER = 'POST /agentur/registrieren';
const CONFIRM = 'PUT /agentur/bestaetigen';
const DATA = 'PUT /agentur/registrieren/daten';
const GOOD = 'Agenturstart7Werben';

const meta = {
  title: 'Blocks/AgencyRegistration',
  component: AgencyRegistration,
  args: { step: 'register' },
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof AgencyRegistration>;

export default meta;
type Story = StoryObj<typeof meta>;

const session = (api: FakeApi) => ({ session: { params: { token: TOKEN }, api } });
const field = (canvasElement: HTMLElement, label: string) =>
  within(canvasElement).findByLabelText(new RegExp(`^${label}( \\*)?$`), undefined, { timeout: 10_000 });

async function fillRegistration(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement);
  await userEvent.type(await field(canvasElement, 'Firma'), 'Agentur Nord GmbH');
  await userEvent.type(await field(canvasElement, 'Vorname'), 'Ina');
  await userEvent.type(await field(canvasElement, 'Nachname'), 'Inhaberin');
  await userEvent.type(await field(canvasElement, 'E-Mail-Adresse'), 'ina@agentur-nord.example');
  await userEvent.type(await field(canvasElement, 'Passwort'), GOOD);
  await userEvent.type(await field(canvasElement, 'Passwort wiederholen'), GOOD);
  await userEvent.click(canvas.getByRole('checkbox'));
  await userEvent.click(canvas.getByRole('button', { name: 'Agentur registrieren' }));
}

async function fillData(canvasElement: HTMLElement, steuernummer: string): Promise<void> {
  await userEvent.type(await field(canvasElement, 'Straße und Hausnummer'), 'Am Markt 1');
  await userEvent.type(await field(canvasElement, 'PLZ'), '20095');
  await userEvent.type(await field(canvasElement, 'Ort'), 'Hamburg');
  if (steuernummer) await userEvent.type(await field(canvasElement, 'Steuernummer'), steuernummer);
  await userEvent.type(await field(canvasElement, 'Telefon'), '+49 40 123456');
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Angaben senden' }));
}

/** The registration form: company, owner, e-mail, password with its rules, terms. */
export const Register: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Agentur registrieren' })).toBeVisible();
    await expect(await field(canvasElement, 'Passwort')).toHaveAttribute('autocomplete', 'new-password');
    await expect(canvas.getByRole('link', { name: 'Zur Anmeldung für Agenturen' })).toBeVisible();
  },
};

/** After sending: "check your mailbox" (the same answer for any address). */
export const RegisterSent: Story = {
  parameters: session({ [REGISTER]: { status: 202, data: { Email: 'ina@agentur-nord.example' } } }),
  play: async ({ canvasElement }) => {
    await fillRegistration(canvasElement);
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Wir haben eine E-Mail an ina@agentur-nord.example geschickt.',
    );
  },
};

/** SPEC 5: a weak password is refused before anything is sent. */
export const WeakPassword: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(await field(canvasElement, 'Passwort'), 'kurz');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Agentur registrieren' }));
    await expect(await field(canvasElement, 'Passwort')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The mailed link's page while it confirms. */
export const Confirming: Story = {
  args: { step: 'confirm' },
  parameters: session({ [CONFIRM]: 'never' }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Ihre E-Mail-Adresse wird bestätigt …',
    );
  },
};

/** An expired link offers a new registration, which mails a new link. */
export const ConfirmExpired: Story = {
  args: { step: 'confirm' },
  parameters: session({ [CONFIRM]: { status: 410, data: { code: 'PSOF0663', message: '' } } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Dieser Link ist ungültig oder abgelaufen.',
    );
    await expect(canvas.getByRole('link', { name: 'Agentur erneut registrieren' })).toBeVisible();
  },
};

/** The data step's form. */
export const Data: Story = {
  args: { step: 'data' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Angaben zur Agentur' })).toBeVisible();
    await expect(canvas.getByText('Ihre E-Mail-Adresse ist bestätigt.')).toBeVisible();
    await expect(await field(canvasElement, 'Telefon')).toHaveAttribute('autocomplete', 'tel');
  },
};

/** Neither USt-IdNr nor Steuernummer: the form says one is needed. */
export const DataWithoutTaxNumber: Story = {
  args: { step: 'data' },
  play: async ({ canvasElement }) => {
    await fillData(canvasElement, '');
    await expect(await field(canvasElement, 'USt-IdNr.')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Sent: thank you, we are reviewing. */
export const Done: Story = {
  args: { step: 'data' },
  parameters: session({ [DATA]: { status: 200, data: { Agenturnummer: 'A-1001', Status: 'pending' } } }),
  play: async ({ canvasElement }) => {
    await fillData(canvasElement, '22/815/08154');
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Vielen Dank – wir prüfen Ihre Angaben' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Agenturnummer A-1001');
  },
};

/** The data were sent already (another tab): the form gives way to the notice. */
export const DataAlreadySent: Story = {
  args: { step: 'data' },
  parameters: session({ [DATA]: { status: 409, data: { code: 'PSOF0664', message: '' } } }),
  play: async ({ canvasElement }) => {
    await fillData(canvasElement, '22/815/08154');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Dieser Link wurde bereits verwendet.',
    );
  },
};
