import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BackofficeFigures } from '../blocks/BackofficeFigures/index.ts';
import { FIGURES_API } from './fixtures/storyBackofficeFigures.ts';
import { settledFormValidator } from './fixtures/storyForms.ts';
import { BACKOFFICE_VIEWER, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeFigures',
  component: BackofficeFigures,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  loaders: [settledFormValidator('backofficeFiguresFilter')],
  parameters: { session: { backofficeUser: BACKOFFICE_VIEWER, api: FIGURES_API } },
} satisfies Meta<typeof BackofficeFigures>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A viewer (ability reports) sees three months of NetzPlus: the filters, the totals, each chart with the table
 * of its values beside it, and the tables by channel and by product.
 */
export const Viewer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Kennzahlen des Programms' })).toBeVisible();
    await expect(await canvas.findByLabelText(/^Von( \*)?$/, undefined, { timeout: 10_000 })).toBeVisible();
    await expect(
      await canvas.findByText(
        'Im Zeitraum: 1428 Klicks, 61 Aufträge, Konversion 4,3 % der Klicks.',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        'Diagramm pro Monat: insgesamt 1428 Klicks, 193 Empfehlungen, 142 bestätigte Empfänger und 61 Aufträge. Die Tabelle enthält alle Werte.',
      ),
    ).toBeVisible();

    const counts = await canvas.findByRole('table', { name: 'Aktivität pro Zeitraum' }, { timeout: 10_000 });
    const months = await within(counts).findAllByRole('row');
    await expect(months).toHaveLength(4);
    await expect(months[1]).toHaveTextContent('09/2026');
    await expect(months[3]).toHaveTextContent('11/2026');

    const money = await canvas.findByRole('table', { name: 'Prämien und Auszahlungen pro Zeitraum' });
    await expect(await within(money).findAllByRole('row')).toHaveLength(4);

    const channels = await canvas.findByRole('table', { name: 'Kennzahlen nach Kanal' });
    const channelRows = await within(channels).findAllByRole('row');
    await expect(channelRows).toHaveLength(5);
    await expect(channelRows[1]).toHaveTextContent('whatsapp');

    const products = await canvas.findByRole('table', { name: 'Kennzahlen nach Produkt' });
    await within(products).findByText('NetzPlus Mobil M mit Lumera X15 128 GB (801)');
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  loaders: [settledFormValidator('backofficeFiguresFilter', 'en')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Programme figures' })).toBeVisible();
    await canvas.findByRole('table', { name: 'Activity per period' }, { timeout: 10_000 });
    await expect(
      canvas.getByText('In the period: 1428 clicks, 61 orders, conversion 4,3 % of clicks.'),
    ).toBeVisible();
    await canvas.findByRole('table', { name: 'Figures by channel' });
    await canvas.findByRole('table', { name: 'Figures by product' });
  },
};
