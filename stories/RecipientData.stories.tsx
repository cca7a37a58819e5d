import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RecipientData } from '../blocks/RecipientData/index.ts';
import { recipientTokenKey } from '../runtime/recipient/recipientStorage.ts';
import { withStoryPage } from './fixtures/storyPage.tsx';
import {
  EMPFAENGERNUMMER,
  forgetRecipient,
  HEX,
  LANDING_PATH,
  NR,
  ORDER,
  RECOMMENDATION,
  storedRecipient,
} from './fixtures/storyRecipient.tsx';
import { STORY_TOKEN, withStorySession } from './fixtures/storySession.tsx';

const VIEW = `GET /empfehlen/${NR}/${HEX}`;
const CREATE = `POST /empfaenger/create/${NR}`;
/**
 * How long a submit may take to show its outcome: the check loads the precompiled validator on first use and
 * sending loads the API client; on a busy two-core CI machine that can take seconds.
 */
const SUBMITTED = { timeout: 10_000 };

const meta = {
  title: 'Blocks/RecipientData',
  component: RecipientData,
  globals: { language: 'de', mandant: '_base' },
  // The page ends where the block navigates away, as in the app (the landing must not load again).
  decorators: [withStoryPage, withStorySession],
  parameters: {
    path: LANDING_PATH,
    session: { params: { empfehlungsnummer: NR }, api: { [VIEW]: { status: 200, data: RECOMMENDATION } } },
  },
  beforeEach: () => forgetRecipient(),
} satisfies Meta<typeof RecipientData>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillIn(canvasElement: HTMLElement, email = 'felix.freund@example.net'): Promise<void> {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Vorname'), 'Felix');
  await userEvent.type(canvas.getByLabelText('Nachname'), 'Freund');
  await userEvent.type(canvas.getByLabelText('E-Mail-Adresse'), email);
  await userEvent.click(canvas.getByRole('checkbox'));
  await userEvent.click(canvas.getByRole('button', { name: 'Daten absenden' }));
}

/** The landing page of a followed link: who recommends, the product, the recipient's part, the form. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Eine Empfehlung für Sie' })).toBeVisible();
    await expect(await canvas.findByText('Anna empfiehlt Ihnen unser Angebot.')).toBeVisible();
    await expect(canvas.getByText('MagentaZuhause L')).toBeVisible();
    await expect(canvas.getByText('35,00 €')).toBeVisible();
    await expect(canvas.getByText('Sie können diese Empfehlung bis zum 31.08.2026 annehmen.')).toBeVisible();
    await expect(canvas.getByLabelText('Vorname')).toHaveAttribute('autocomplete', 'given-name');
    await expect(canvas.getByLabelText('E-Mail-Adresse')).toHaveAttribute('autocomplete', 'email');
    await expect(canvas.getByRole('link', { name: 'Teilnahmebedingungen lesen' })).toHaveAttribute(
      'href',
      '/de/teilnahmebedingungen',
    );
  },
};

/** SPEC 5 word for word; the error summary takes the focus and links to each field. */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Daten absenden' }));
    // The check is asynchronous (the precompiled validator loads on first use): its outcome is the summary.
    const summaryTitle = await canvas.findByRole(
      'heading',
      { level: 2, name: 'Bitte prüfen Sie Ihre Eingaben' },
      SUBMITTED,
    );
    await expect(canvas.getByLabelText('Vorname')).toHaveAccessibleDescription('Vorname ist ein Pflichtfeld');
    await expect(canvas.getByLabelText('Nachname')).toHaveAccessibleDescription(
      'Nachname ist ein Pflichtfeld',
    );
    await expect(canvas.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
      'E-Mail-Adresse ist ein Pflichtfeld',
    );
    await expect(canvas.getByRole('checkbox')).toHaveAccessibleDescription(
      expect.stringContaining('Dies ist ein Pflichtfeld.'),
    );
    await waitFor(() => expect(summaryTitle.parentElement).toHaveFocus());
    await userEvent.click(canvas.getByRole('link', { name: 'Nachname ist ein Pflichtfeld' }));
    await expect(canvas.getByLabelText('Nachname')).toHaveFocus();
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement, 'felix.freund');
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 2, name: 'Bitte prüfen Sie Ihre Eingaben' }, SUBMITTED);
    await expect(canvas.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
  },
};

/** PSOF0303: the server refuses the recommender's own address; the message sits at the e-mail field. */
export const SameEmailAsRecommender: Story = {
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: {
        [VIEW]: { status: 200, data: RECOMMENDATION },
        [CREATE]: { status: 422, data: { code: 'PSOF0303', message: '' } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement, 'anna.beispiel@example.org');
    await waitFor(
      () =>
        expect(within(canvasElement).getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
          'Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein.',
        ),
      SUBMITTED,
    );
  },
};

/** After creation the recipient number goes into the cookie of this recommendation (SPEC 4), on to consent. */
export const Created: Story = {
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: {
        [VIEW]: { status: 200, data: RECOMMENDATION },
        [CREATE]: { status: 201, data: { Empfaengernummer: EMPFAENGERNUMMER, Token: STORY_TOKEN } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement);
    const next = await within(canvasElement).findByText(
      `Next page: /de/empfaenger/${NR}/zustimmung`,
      {},
      SUBMITTED,
    );
    await expect(next).toBeVisible();
    // Remembered before the navigation, and the landing page is gone: nothing can forget it any more.
    await expect(document.cookie).toContain(`psoe_empfaenger_${NR}=${EMPFAENGERNUMMER}`);
    await expect(window.localStorage.getItem(recipientTokenKey(NR))).toBe(STORY_TOKEN);
    forgetRecipient();
  },
};

/** A recipient this browser created before continues where they left off. */
export const AlreadyGiven: Story = {
  beforeEach: storedRecipient,
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: {
        [VIEW]: { status: 200, data: RECOMMENDATION },
        'GET /empfaenger/auftrag': { status: 200, data: ORDER },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Sie haben Ihre Daten zu dieser Empfehlung bereits angegeben/),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Weiter' })).toBeVisible();
    await expect(canvas.queryByLabelText('Vorname')).toBeNull();
  },
};

/** PSOF0330: unknown number or a wrong hex. */
export const UnknownLink: Story = {
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: { [VIEW]: { status: 404, data: { code: 'PSOF0330', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Diese Empfehlung gibt es nicht. Bitte prüfen Sie den Link.',
    );
  },
};

/** Opened without the link's hex (typed or bookmarked): the visitor is sent back to the link. */
export const WithoutLink: Story = {
  parameters: { path: `/de/empfaenger/${NR}` },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Bitte öffnen Sie den Link aus Ihrer Empfehlung erneut.',
    );
  },
};

/** The telecom demo's look. */
export const Telko: Story = {
  globals: { language: 'de', mandant: 'telko' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('MagentaZuhause L')).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  parameters: { path: `/en/empfaenger/${NR}?hex=${HEX}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'A recommendation for you' })).toBeVisible();
    await expect(await canvas.findByText('Anna recommends our offer to you.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Send my details' }));
    await canvas.findByRole('heading', { level: 2, name: 'Please check your entries' }, SUBMITTED);
    await expect(canvas.getByRole('checkbox')).toHaveAccessibleDescription(
      expect.stringContaining('This is a required field.'),
    );
  },
};
