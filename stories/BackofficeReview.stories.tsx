import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BackofficeReview } from '../blocks/BackofficeReview/index.ts';
import { REVIEW_API } from './fixtures/storyBackofficeOrders.ts';
import { BACKOFFICE_OPERATOR, BACKOFFICE_VIEWER, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeReview',
  component: BackofficeReview,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: BACKOFFICE_OPERATOR, api: REVIEW_API } },
} satisfies Meta<typeof BackofficeReview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The operator: flagged orders with their reasons in words, a tick per row and the decision form. */
export const Operator: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Prüfung' })).toBeVisible();
    const table = await canvas.findByRole(
      'table',
      { name: 'Aufträge, die auf Prüfung warten' },
      { timeout: 10_000 },
    );
    await within(table).findByText('Eine Wegwerf-E-Mail-Adresse.');
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Auftrag NP-2026-004815 auswählen' }));
    await canvas.findByText('1 Auftrag ausgewählt.');
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Entscheidung für die Auswahl' }),
    ).toBeVisible();
    await canvas.findByRole('button', { name: 'Für die Auswahl ausführen' }, { timeout: 10_000 });
  },
};

/** A viewer sees the queue and the reasons, but no ticks and no decision. */
export const Viewer: Story = {
  parameters: { session: { backofficeUser: BACKOFFICE_VIEWER, api: REVIEW_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole(
      'table',
      { name: 'Aufträge, die auf Prüfung warten' },
      { timeout: 10_000 },
    );
    await within(table).findByText('NP-2026-004802');
    await expect(within(table).queryByRole('checkbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Für die Auswahl ausführen' })).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
    const table = await canvas.findByRole(
      'table',
      { name: 'Orders waiting for review' },
      { timeout: 10_000 },
    );
    await within(table).findByText('A disposable e-mail address.', { exact: false });
  },
};
