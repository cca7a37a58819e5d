import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Dashboard } from '../blocks/Dashboard/index.ts';
import {
  CANCELLED_OTHER_CHANNEL,
  PAID_WITH_TIMELINE,
  RECOMMENDATIONS,
  STEUERHINWEIS,
} from './fixtures/storyPersonalArea.ts';
import { ANNA, withStorySession } from './fixtures/storySession.tsx';

const LIST = 'GET /empfehler/empfehlungen';
const BANNER = 'GET /empfehler/empfehlungen/showbanner/BannerTEZuTP';
const TAX = 'GET /empfehler/steuerhinweis';

const meta = {
  title: 'Blocks/Dashboard',
  component: Dashboard,
  globals: { language: 'de', mandant: 'telko' },
  decorators: [withStorySession],
  parameters: {
    session: {
      user: ANNA,
      api: {
        [LIST]: { status: 200, data: RECOMMENDATIONS },
        [BANNER]: { status: 200, data: { Anzeigen: true } },
        [TAX]: { status: 200, data: { ...STEUERHINWEIS, Anzeigen: false } },
      },
    },
  },
} satisfies Meta<typeof Dashboard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every status of SPEC 3 as three steps (SPEC 4), the raw status explained, the recipient masked. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 3, name: 'NetzPlus Glasfaser L' }),
    ).toBeVisible();
    const cards = canvas.getAllByRole('listitem').filter((item) => item.querySelector('h3'));
    expect(cards).toHaveLength(6);
    const released = cards[2] as HTMLElement;
    await expect(released).toHaveTextContent('Freigegeben');
    await expect(released).toHaveTextContent(
      'Der Vertrag Ihres Kontakts ist bestätigt und Ihre Prämie freigegeben.',
    );
    await expect(released).toHaveTextContent('L*** S***');
    await expect(released).toHaveTextContent('Empfehlung angenommen (erledigt)');
    await expect(released).toHaveTextContent('Prämie erhalten (als Nächstes)');
    await expect(released).toHaveTextContent('90,00 €');
    await expect(
      within(released).getByText('Als Nächstes: Wählen Sie Ihre Prämie – bis spätestens 31.05.2026'),
    ).toBeVisible();
    await expect(
      within(released).getByRole('link', { name: 'Prämie wählen für Empfehlung 4710000003' }),
    ).toHaveAttribute('href', '/de/praemie?praemierung=6b1f0c1e-0000-4000-8000-000000000003');
    const cancelled = cards[5] as HTMLElement;
    await expect(cancelled).toHaveTextContent('Storniert');
    await expect(cancelled).toHaveTextContent('Prämie erhalten (entfällt)');
    await expect(
      within(cancelled).getByText('Storniert: Auftrag storniert oder Vertrag widerrufen – am 19.01.2026'),
    ).toBeVisible();
    await expect(within(cancelled).queryByRole('link', { name: /Prämie wählen/ })).toBeNull();
    // No product name: the id stands in.
    await expect(cards[4] as HTMLElement).toHaveTextContent('Produkt 604');
    await expect(
      canvas.getByRole('complementary', { name: 'Tipp: Auch Internet mit Fernsehen empfehlen' }),
    ).toBeVisible();
  },
};

/** The timeline of one recommendation: what happened, oldest first, once the recommender opens it. */
async function openTimeline(canvasElement: HTMLElement, nr: string): Promise<string[]> {
  const canvas = within(canvasElement);
  const summary = await canvas.findByText(`der Empfehlung ${nr}`, { exact: false });
  const details = summary.closest('details');
  if (!details) throw new Error(`no timeline for ${nr}`);
  await userEvent.click(details.querySelector('summary') ?? summary);
  const list = within(details).getByRole('list');
  await expect(list).toBeVisible();
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

/** Gezahlt with every step (issue 13): the reward's and the recommendation's release shows once. */
export const FullTimeline: Story = {
  parameters: {
    session: {
      user: ANNA,
      api: {
        [LIST]: { status: 200, data: [PAID_WITH_TIMELINE] },
        [BANNER]: { status: 200, data: { Anzeigen: false } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await openTimeline(canvasElement, '4710000005')).toEqual([
      '20.11.2025 Empfehlung ausgesprochen',
      '20.11.2025 Ihr Kontakt hat seine Daten bestätigt',
      '21.11.2025 Auftrag eingegangen',
      '21.11.2025 Prämie vorgemerkt',
      '22.11.2025 Vertrag bestätigt – Widerrufsfrist läuft',
      '30.11.2025 Prämie freigegeben',
      '15.12.2025 Prämie ausgezahlt',
      '15.12.2025 Empfehlung abgeschlossen – vielen Dank!',
    ]);
    // Paid is the end: nothing comes next.
    await expect(within(canvasElement).queryByText(/Als Nächstes/)).toBeNull();
  },
};

/** Storniert because the friend ordered through the hotline: the reason shows on the card itself. */
export const CancelledOtherChannel: Story = {
  parameters: {
    session: {
      user: ANNA,
      api: {
        [LIST]: { status: 200, data: [CANCELLED_OTHER_CHANNEL] },
        [BANNER]: { status: 200, data: { Anzeigen: false } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Storniert: Auftrag über einen anderen Weg (z. B. Hotline) – am 04.03.2026'),
    ).toBeVisible();
    await expect(await openTimeline(canvasElement, '4710000008')).toEqual([
      '20.02.2026 Empfehlung ausgesprochen',
      '21.02.2026 Ihr Kontakt hat seine Daten bestätigt',
      '04.03.2026 Storniert: Auftrag über einen anderen Weg (z. B. Hotline)',
    ]);
  },
};

/** § 22 Nr. 3 EStG: the rewards paid this year come near the tax-free limit; the notice sits above the list. */
export const TaxNotice: Story = {
  parameters: {
    session: {
      user: ANNA,
      api: {
        [LIST]: { status: 200, data: [PAID_WITH_TIMELINE] },
        [BANNER]: { status: 200, data: { Anzeigen: false } },
        [TAX]: { status: 200, data: STEUERHINWEIS },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole('note', { name: 'Steuerhinweis 2026' });
    await expect(notice).toHaveTextContent(
      'Ihnen wurden in diesem Jahr bereits 210,00 € an Prämien ausgezahlt. Sonstige Einkünfte bis ' +
        'einschließlich 256,00 € im Kalenderjahr sind steuerfrei (§ 22 Nr. 3 EStG); wird dieser Betrag ' +
        'überschritten, ist der gesamte Betrag steuerpflichtig. Bitte prüfen Sie, ob Sie die Prämien in Ihrer ' +
        'Steuererklärung angeben müssen.',
    );
    // Above the list: read before the recommendations it is about.
    const card = await canvas.findByRole('heading', { level: 3, name: 'NetzPlus Internet M + TV' });
    await expect(notice.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  },
};

export const Empty: Story = {
  parameters: {
    session: {
      user: ANNA,
      api: { [LIST]: { status: 200, data: [] }, [BANNER]: { status: 200, data: { Anzeigen: false } } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Sie haben noch keine Empfehlung ausgesprochen.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Jetzt empfehlen' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/de\/?$/),
    );
    await expect(canvas.queryByRole('complementary')).toBeNull();
  },
};

/** The server fails: SPEC 8's default technical error, as an alert. */
export const ServerError: Story = {
  parameters: {
    session: { user: ANNA, api: { [LIST]: { status: 500, data: { code: 'PSOF0001', message: '' } } } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Es ist ein technischer Fehler aufgetreten. Bitte versuchen Sie es später noch einmal.',
    );
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: 'telko' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Your recommendations' }),
    ).toBeVisible();
    await expect(await canvas.findByText(/Your contact's contract is confirmed/)).toBeVisible();
    await expect(canvas.getByText('Next: choose your reward – by 31.05.2026 at the latest')).toBeVisible();
    await expect(canvas.getByText('Expired: link not used within 60 days – on 13.02.2026')).toBeVisible();
  },
};

/**
 * More recommendations than a page (issue 17): the newest three, then "Weitere Empfehlungen laden" brings
 * the next page, announces it and moves the focus to its first card; after the last page the button goes.
 */
export const MorePages: Story = {
  parameters: {
    session: {
      user: ANNA,
      api: {
        [LIST]: { status: 200, data: RECOMMENDATIONS.slice(0, 3), headers: { 'x-next-cursor': 'seite-2' } },
        [`${LIST}?Cursor=seite-2`]: { status: 200, data: RECOMMENDATIONS.slice(3) },
        [BANNER]: { status: 200, data: { Anzeigen: false } },
        [TAX]: { status: 200, data: { ...STEUERHINWEIS, Anzeigen: false } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const more = await canvas.findByRole('button', { name: 'Weitere Empfehlungen laden' });
    const cards = () => canvas.getAllByRole('listitem').filter((item) => item.querySelector('h3'));
    expect(cards()).toHaveLength(3);
    await userEvent.click(more);
    await expect(await canvas.findByText('3 weitere Empfehlungen geladen.')).toBeInTheDocument();
    expect(cards()).toHaveLength(6);
    const firstNew = cards()[3]?.querySelector('h3');
    await expect(firstNew).toHaveFocus();
    await expect(canvas.queryByRole('button', { name: 'Weitere Empfehlungen laden' })).toBeNull();
  },
};
