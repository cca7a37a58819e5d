import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BackofficeAgencies } from '../blocks/BackofficeAgencies/index.ts';
import { AGENCIES_API } from './fixtures/storyBackofficeSupport.ts';
import { BACKOFFICE_OPERATOR, withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeAgencies',
  component: BackofficeAgencies,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { backofficeUser: BACKOFFICE_OPERATOR, api: AGENCIES_API } },
} satisfies Meta<typeof BackofficeAgencies>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The list, pending first, and a pending agency with the decision form. */
export const Pending: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Agenturen' })).toBeVisible();
    const table = await canvas.findByRole(
      'table',
      { name: 'Agenturen, zu prüfende zuerst' },
      { timeout: 10_000 },
    );
    await userEvent.click(await within(table).findByRole('button', { name: 'Neue Agentur GmbH öffnen' }));
    await canvas.findByRole('heading', { level: 2, name: 'Neue Agentur GmbH' });
    await expect(canvas.getByText('DE02 **** **** **** **20 51')).toBeVisible();
    await canvas.findByRole('button', { name: 'Entscheidung speichern' }, { timeout: 10_000 });
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Agencies' })).toBeVisible();
    await canvas.findByRole('table', { name: 'Agencies, those to review first' }, { timeout: 10_000 });
  },
};
