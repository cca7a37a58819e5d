import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BackofficeOrders } from '../blocks/BackofficeOrders/index.ts';
import { ORDERS_API } from './fixtures/storyBackofficeOrders.ts';
import { BACKOFFICE_OPERATOR, BACKOFFICE_VIEWER, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeOrders',
  component: BackofficeOrders,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: BACKOFFICE_OPERATOR, api: ORDERS_API } },
} satisfies Meta<typeof BackofficeOrders>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The operator: the search and the recommendations with their order, each linking to its page. */
export const Operator: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Aufträge und Empfehlungen' })).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Suche' })).toBeVisible();
    const table = await canvas.findByRole(
      'table',
      { name: 'Empfehlungen mit ihrem Auftrag' },
      { timeout: 10_000 },
    );
    await expect(await within(table).findByRole('link', { name: '100200300' })).toHaveAttribute(
      'href',
      '/de/backoffice/auftraege/100200300',
    );
    await expect(within(table).getByText('Wartet auf Vertrag')).toBeVisible();
    await expect(within(table).getByText('NetzPlus Glasfaser 500')).toBeVisible();
  },
};

/** A viewer reads the same list (the search has no actions; they live on the recommendation's page). */
export const Viewer: Story = {
  parameters: { session: { backofficeUser: BACKOFFICE_VIEWER, api: ORDERS_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole(
      'table',
      { name: 'Empfehlungen mit ihrem Auftrag' },
      { timeout: 10_000 },
    );
    await within(table).findByRole('link', { name: '100200301' });
    await expect(within(table).getByText('Vertrag bestätigt')).toBeVisible();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Orders and recommendations' })).toBeVisible();
    await canvas.findByRole('table', { name: 'Recommendations with their order' }, { timeout: 10_000 });
  },
};
