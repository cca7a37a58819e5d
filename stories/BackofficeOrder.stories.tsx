import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BackofficeOrder } from '../blocks/BackofficeOrder/index.ts';
import { ORDER_NUMBER, ORDERS_API } from './fixtures/storyBackofficeOrders.ts';
import { settledFormValidator } from './fixtures/storyForms.ts';
import { BACKOFFICE_OPERATOR, BACKOFFICE_VIEWER, withStorySession } from './fixtures/storySession.tsx';

const params = { empfehlungsnummer: ORDER_NUMBER };

const meta = {
  title: 'Blocks/BackofficeOrder',
  component: BackofficeOrder,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: BACKOFFICE_OPERATOR, api: ORDERS_API, params } },
} satisfies Meta<typeof BackofficeOrder>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The operator: facts, the order waiting for its contract with confirm, cancel and reassign, rewards, timeline. */
export const Operator: Story = {
  loaders: [settledFormValidator('backofficeOrderReassign')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Empfehlung 100200300' })).toBeVisible();
    await canvas.findByRole('heading', { level: 3, name: 'Auftrag NP-2026-004711' }, { timeout: 10_000 });
    await expect(canvas.getByRole('button', { name: 'Vertrag bestätigen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Stornieren' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Umbuchen' }));
    await canvas.findByRole('heading', {
      level: 4,
      name: 'Auftrag NP-2026-004711 einer anderen Empfehlung zuordnen',
    });
    await canvas.findByRole(
      'textbox',
      { name: /^Empfehlungscode der richtigen Empfehlung/ },
      { timeout: 10_000 },
    );
    await expect(canvas.getByRole('table', { name: 'Prämien' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Verlauf' })).toBeVisible();
  },
};

/** A viewer sees the same recommendation, but no action on its order. */
export const Viewer: Story = {
  parameters: { session: { backofficeUser: BACKOFFICE_VIEWER, api: ORDERS_API, params } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 3, name: 'Auftrag NP-2026-004711' }, { timeout: 10_000 });
    await expect(canvas.queryByRole('button', { name: 'Vertrag bestätigen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Stornieren' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Umbuchen' })).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Recommendation 100200300' })).toBeVisible();
    await canvas.findByRole('button', { name: 'Confirm the contract' }, { timeout: 10_000 });
    await expect(canvas.getByRole('heading', { level: 2, name: 'Timeline' })).toBeVisible();
  },
};
