import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProfiOverview } from '../blocks/ProfiOverview/index.ts';
import { NOT_SELLER_API, PROFI_API, SELLER } from './fixtures/storyProfi.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/ProfiOverview',
  component: ProfiOverview,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { user: SELLER, api: PROFI_API } },
} satisfies Meta<typeof ProfiOverview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** This month's sums, the open tasks with their links, the latest orders. */
export const Seller: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await canvas.findByRole('heading', { name: 'Ihre Provisionen im Monat 11/2026' }, { timeout: 10_000 });
    const sums = canvasElement.querySelector('dl');
    await expect(sums).toHaveTextContent('Offen70,00 €');
    await expect(sums).toHaveTextContent('Freigegeben45,00 €');
    await expect(sums).toHaveTextContent('Ausgezahlt120,50 €');
    await expect(canvas.getByRole('link', { name: 'Bankverbindung angeben' })).toHaveAttribute(
      'href',
      '/de/profi/mein-bereich',
    );
    await expect(canvas.getByRole('link', { name: 'Vereinbarung bestätigen' })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Ihre fünf neuesten Aufträge' });
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await expect(within(table).getByText('Glasfaser 500')).toBeVisible();
  },
};

/** A logged-in account that is no seller: the plain message and the way to register. */
export const NotASeller: Story = {
  parameters: { session: { user: SELLER, api: NOT_SELLER_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Ihr Konto ist noch nicht als Profi-Verkäufer registriert/, undefined, {
      timeout: 10_000,
    });
    await expect(canvas.getByRole('link', { name: 'Als Profi-Verkäufer registrieren' })).toHaveAttribute(
      'href',
      '/de/profi/registrierung',
    );
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Your commissions in 11/2026' }, { timeout: 10_000 });
    await expect(canvas.getByRole('link', { name: 'Enter bank account' })).toBeVisible();
  },
};
