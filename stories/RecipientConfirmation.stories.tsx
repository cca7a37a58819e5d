import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RecipientConfirmation } from '../blocks/RecipientConfirmation/index.ts';
import { EMPFAENGERNUMMER, NR, storedRecipient } from './fixtures/storyRecipient.tsx';
import { type FakeApi, withStorySession } from './fixtures/storySession.tsx';

const REWARD = `GET /empfaenger/${NR}/praemie`;
const PRODUCT_LINK = `GET /empfehlung/${NR}/produkt/produktlink`;
/** Where the client's site takes the order: the server's answer, as a plain link. */
const ORDER_URL = `https://www.netzplus.example/bestellen?empfehlungsnummer=${NR}&empfaengernummer=${EMPFAENGERNUMMER}&produkt=601`;
const API: FakeApi = {
  [REWARD]: { status: 200, data: { WertCent: 2500, AnteilEmpfaenger: 50 } },
  [PRODUCT_LINK]: { status: 200, data: { Produktlink: ORDER_URL } },
};

const meta = {
  title: 'Blocks/RecipientConfirmation',
  component: RecipientConfirmation,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  // The recipient this browser created: its number credits the order (recipient cookie, SPEC 4).
  beforeEach: storedRecipient,
  parameters: {
    path: `/de/empfaenger/${NR}/bestaetigt`,
    session: { params: { empfehlungsnummer: NR }, api: API },
  },
} satisfies Meta<typeof RecipientConfirmation>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Thanks, the recipient's part of the reward, what happens next, and the way to the order. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestätigung!' }),
    ).toBeVisible();
    await expect(await canvas.findByText('25,00 €')).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Jetzt Vertrag abschließen' })).toHaveAttribute(
      'href',
      ORDER_URL,
    );
    await expect(canvas.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/de\/?$/),
    );
  },
};

/** Without a reward part (the recommender keeps everything) there is no amount to show. */
export const NoReward: Story = {
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: { ...API, [REWARD]: { status: 200, data: { WertCent: 0, AnteilEmpfaenger: 0 } } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Ihre Angaben sind bei uns angekommen und bestätigt.')).toBeVisible();
    await expect(canvas.queryByText(/€/)).toBeNull();
  },
};

/** The recommendation expired meanwhile (410 PSOF0309): no way to the order, the home page stays. */
export const ProductLinkExpired: Story = {
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: { ...API, [PRODUCT_LINK]: { status: 410, data: { code: 'PSOF0309', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The link is asked for before the reward, so once the reward shows its refusal has normally arrived;
    // tests/runtime/recipientConfirmation.test.tsx checks the refusal without relying on that order.
    await expect(await canvas.findByText('25,00 €')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Jetzt Vertrag abschließen' })).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Thank you for confirming!' })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Conclude your contract now' })).toHaveAttribute(
      'href',
      ORDER_URL,
    );
  },
};
