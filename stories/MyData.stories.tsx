import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MyData } from '../blocks/MyData/index.ts';
import { BENACHRICHTIGUNGEN } from './fixtures/storyPersonalArea.ts';
import { withModules } from './fixtures/storyRecipient.tsx';
import { ANNA, ANNA_LOGIN, withStorySession } from './fixtures/storySession.tsx';

const OPTED_OUT = { ...ANNA, NewsletterOptinGegeben: false, NewsletterOptinVersendetAm: null };
const NOTIFICATIONS = '/empfehler/benachrichtigungen';

const meta = {
  title: 'Blocks/MyData',
  component: MyData,
  globals: { language: 'de', mandant: 'telko' },
  decorators: [
    withStorySession,
    withModules({ ModuleNewsletterPermission: true, ModuleStoringBankdata: true }),
  ],
  parameters: {
    session: {
      user: OPTED_OUT,
      api: {
        'PUT /empfehler/meinedaten': { status: 200, data: { ...ANNA_LOGIN, Vorname: 'Annemarie' } },
        [`GET ${NOTIFICATIONS}`]: { status: 200, data: BENACHRICHTIGUNGEN },
        [`PUT ${NOTIFICATIONS}`]: {
          status: 200,
          data: BENACHRICHTIGUNGEN.map((setting) => ({ ...setting, Aktiv: true })),
        },
        'PUT /empfehler/setNewsletterOptin': {
          status: 200,
          data: {
            OptinMailAlreadySent: false,
            OptinAlreadySet: false,
            NewsletterOptinGegeben: false,
            NewsletterOptinVersendetAm: '2026-04-01T09:30:00',
          },
        },
      },
    },
  },
} satisfies Meta<typeof MyData>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Own data filled in, the e-mail shown (it is the login), newsletter, bank data, export, deletion. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible();
    // The form loads lazily; a required field's label ends with ' *' (aria-hidden).
    await expect(await canvas.findByLabelText('Anrede', undefined, { timeout: 10_000 })).toHaveValue('Frau');
    await expect(canvas.getByLabelText(/^Vorname( \*)?$/)).toHaveValue('Anna');
    await expect(canvas.getByText('anna.beispiel@netzplus.example')).toBeVisible();
    await expect(canvas.getByText('Sie erhalten keinen Newsletter.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Bankdaten verwalten' })).toHaveAttribute(
      'href',
      '/de/meine-daten/bankdaten',
    );
    await expect(canvas.getByRole('button', { name: 'Meine Daten herunterladen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Konto löschen …' })).toBeVisible();
  },
};

export const SaveNames: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const vorname = await canvas.findByLabelText(/^Vorname( \*)?$/, undefined, { timeout: 10_000 });
    await userEvent.clear(vorname);
    await userEvent.type(vorname, 'Annemarie');
    await userEvent.click(canvas.getByRole('button', { name: 'Änderungen speichern' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Ihre Daten wurden gespeichert.');
  },
};

/** SPEC 5: '{field} ist ein Pflichtfeld' and a name that is not one. */
export const InvalidNames: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(await canvas.findByLabelText(/^Vorname( \*)?$/, undefined, { timeout: 10_000 }));
    await userEvent.clear(canvas.getByLabelText(/^Nachname( \*)?$/));
    await userEvent.type(canvas.getByLabelText(/^Nachname( \*)?$/), '1234');
    await userEvent.click(canvas.getByRole('button', { name: 'Änderungen speichern' }));
    await expect(canvas.getByLabelText(/^Vorname( \*)?$/)).toHaveAccessibleDescription(
      'Vorname ist ein Pflichtfeld',
    );
    await expect(canvas.getByLabelText(/^Nachname( \*)?$/)).toHaveAccessibleDescription(
      'Nachname ist nicht gültig',
    );
  },
};

/** Double opt-in: subscribing sends the mail; the state becomes pending (SPEC 4). */
export const SubscribeNewsletter: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Newsletter abonnieren' }));
    await expect(
      await canvas.findByText(
        'Wir haben Ihnen eine E-Mail geschickt. Bitte bestätigen Sie darin Ihre Anmeldung.',
      ),
    ).toBeVisible();
    await expect(canvas.getByText(/Fast geschafft: Bitte bestätigen Sie Ihre Anmeldung/)).toHaveTextContent(
      '01.04.2026 09:30',
    );
    await expect(canvas.getByRole('button', { name: 'E-Mail erneut senden' })).toBeVisible();
  },
};

export const OptedIn: Story = {
  parameters: { session: { user: ANNA } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Sie erhalten unseren Newsletter.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Newsletter abbestellen' })).toBeVisible();
  },
};

/** Issue 13: the optional mails as checkboxes, the order mail turned off; a change is saved at once. */
export const Notifications: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = within(await canvas.findByRole('region', { name: 'Benachrichtigungen' }));
    await expect(
      section.getByText('E-Mails zu Ihrer Prämie (bereit, ausgezahlt, storniert) erhalten Sie immer.'),
    ).toBeVisible();
    const confirmed = await section.findByRole('checkbox', {
      name: 'E-Mail, wenn Ihr Kontakt seine Daten bestätigt hat',
    });
    const order = section.getByRole('checkbox', { name: 'E-Mail, wenn ein Auftrag eingegangen ist' });
    await expect(confirmed).toBeChecked();
    await expect(order).not.toBeChecked();
    await userEvent.click(order);
    const saved = await section.findByText('Gespeichert');
    await expect(saved).toBeVisible();
    // Announced politely: the region was there before the text, so screen readers notice the change.
    await expect(saved.parentElement).toHaveAttribute('aria-live', 'polite');
    await expect(order).toBeChecked();
  },
};

/** The server refuses the change: the box goes back and the catalogue's message says why. */
export const NotificationSaveFails: Story = {
  parameters: {
    session: {
      user: OPTED_OUT,
      api: { [`PUT ${NOTIFICATIONS}`]: { status: 500, data: { code: 'PSOF0001', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = within(await canvas.findByRole('region', { name: 'Benachrichtigungen' }));
    const confirmed = await section.findByRole('checkbox', {
      name: 'E-Mail, wenn Ihr Kontakt seine Daten bestätigt hat',
    });
    await userEvent.click(confirmed);
    await expect(await section.findByRole('alert')).toHaveTextContent(
      'Es ist ein technischer Fehler aufgetreten.',
    );
    await expect(confirmed).toBeChecked();
    await expect(section.queryByText('Gespeichert')).toBeNull();
  },
};

/** The deletion asks first, in a modal dialog that takes the focus and gives it back on cancel. */
export const DeleteDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const open = canvas.getByRole('button', { name: 'Konto löschen …' });
    await userEvent.click(open);
    const dialog = await canvas.findByRole('dialog', { name: 'Konto wirklich löschen?' });
    await expect(dialog).toHaveAccessibleDescription(
      'Das lässt sich nicht rückgängig machen. Noch nicht ausgezahlte Prämien verfallen, und Sie werden abgemeldet.',
    );
    await expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(open).toHaveFocus());
  },
};

export const DeleteFails: Story = {
  parameters: {
    session: {
      user: OPTED_OUT,
      api: { 'DELETE /empfehler/delete': { status: 500, data: { code: 'PSOF0001', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Konto löschen …' }));
    const dialog = await canvas.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ja, Konto endgültig löschen' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Es ist ein technischer Fehler aufgetreten.',
    );
  },
};
