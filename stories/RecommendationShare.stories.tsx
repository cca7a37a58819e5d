import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { RecommendationShare } from '../blocks/RecommendationShare/index.ts';
import { NR, VIEW, withRecommendApi } from './fixtures/storyRecommend.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

/** The telecom demo's channel ranks (mandants/telko/mandant.json): Storybook's mandants carry no modules. */
const TELKO_CHANNELS = {
  ModuleEmailClient: 1,
  ModuleWhatsapp: 2,
  ModuleGmail: 3,
  ModuleOutlook: 4,
  ModuleFacebook: 5,
  FacebookId: '100000000000001',
  ModuleTwitter: 6,
  ModuleLinkedIn: -1,
  ModuleXing: -1,
  ModuleYahoo: -1,
};

const meta = {
  title: 'Blocks/RecommendationShare',
  component: RecommendationShare,
  globals: { language: 'de', mandant: 'telko' },
  decorators: [withRecommendApi, withStorySession],
  parameters: {
    path: `/de/empfehlung/${NR}/teilen`,
    recommend: { mandant: TELKO_CHANNELS },
    session: {
      params: { empfehlungsnummer: NR },
      api: { [`GET /empfehlen/${NR}`]: { status: 200, data: VIEW } },
    },
  },
} satisfies Meta<typeof RecommendationShare>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC 3: the enabled channels in rank order (-1 hidden, Facebook with its id), the link, the QR code. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Empfehlung teilen' })).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Teilen per …' });
    const names = within(list)
      .getAllByRole('link')
      .map((link) => link.textContent?.replace(/\s*\(öffnet in einem neuen Fenster\)$/, ''));
    await expect(names).toEqual([
      'E-Mail-Programm',
      'WhatsApp',
      'Gmail',
      'Outlook.com',
      'Facebook',
      'X (Twitter)',
    ]);
    await expect(canvas.getByLabelText('Ihr Link')).toHaveValue(`${VIEW.Empfehlungslink}?channel=copy`);
    await expect(canvas.getByText('Ihre Prämie: 35,00 €, für die empfohlene Person: 35,00 €')).toBeVisible();
    await expect(canvas.getByText('Der Link ist gültig bis 31.08.2026.')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'QR-Code Ihres Empfehlungslinks' })).toBeVisible();
  },
};

/** The short link instead of the recommendation link. */
export const ShortLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByLabelText('Kurzlink'));
    await expect(canvas.getByLabelText('Ihr Link')).toHaveValue(VIEW.KurzURL);
  },
};

/** The owner's view with the offline code (ModuleErstelleOfflineEmpfehlungCode). */
export const WithOfflineCode: Story = {
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: {
        [`GET /empfehlen/${NR}`]: { status: 200, data: { ...VIEW, Code: 'K7MPX42Q', Verwaltungstoken: 'x' } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Ihr Empfehlungscode' })).toBeVisible();
    await expect(canvas.getByText('K7MPX42Q')).toBeVisible();
  },
};

/** PSOF0306: not shareable before the recommender confirmed the e-mail address. */
export const OptInPending: Story = {
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: { [`GET /empfehlen/${NR}`]: { status: 200, data: { ...VIEW, OptinAusstehend: true } } },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse, bevor Sie eine Empfehlung versenden.',
    );
  },
};

export const Expired: Story = {
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: { [`GET /empfehlen/${NR}`]: { status: 200, data: { ...VIEW, Abgelaufen: true } } },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Diese Empfehlung ist leider nicht mehr möglich',
    );
  },
};

export const UnknownNumber: Story = {
  parameters: {
    session: {
      params: { empfehlungsnummer: NR },
      api: { [`GET /empfehlen/${NR}`]: { status: 404, data: { code: 'PSOF0330', message: '' } } },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Diese Empfehlung gibt es nicht. Bitte prüfen Sie den Link.',
    );
  },
};

export const English: Story = {
  globals: { language: 'en' },
  parameters: { path: `/en/empfehlung/${NR}/teilen` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Share your recommendation' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Copy link' })).toBeVisible();
  },
};
