import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AgencyRewardPlan } from '../blocks/AgencyRewardPlan/index.ts';
import { AGENCY_API, EMPLOYEE, OWNER } from './fixtures/storyAgency.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/AgencyRewardPlan',
  component: AgencyRewardPlan,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { agencyUser: OWNER, api: AGENCY_API } },
} satisfies Meta<typeof AgencyRewardPlan>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The owner sees the plan, adds a product and deletes an entry. */
export const Owner: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Prämienplan' })).toBeVisible();
    const table = await canvas.findByRole(
      'table',
      { name: 'Prämienplan Ihrer Agentur' },
      { timeout: 10_000 },
    );
    await within(table).findByText('NetzPlus Internet M');
    await expect(within(table).getByText('55,00 €')).toBeVisible();
    await expect(within(table).getByText('unbefristet')).toBeVisible();
    await userEvent.type(
      await canvas.findByLabelText(/^Produktnummer( \*)?$/, undefined, { timeout: 10_000 }),
      '608',
    );
    await userEvent.type(canvas.getByLabelText(/^Provision in Euro( \*)?$/), '60');
    await userEvent.type(canvas.getByLabelText(/^Gültig ab( \*)?$/), '2026-05-01');
    await userEvent.click(canvas.getByRole('button', { name: 'Hinzufügen' }));
    await expect(await canvas.findByText('Produkt 608 ist im Prämienplan.')).toBeVisible();
    await userEvent.click(
      await canvas.findByRole(
        'button',
        { name: 'Eintrag für NetzPlus Internet M löschen' },
        { timeout: 10_000 },
      ),
    );
    await waitFor(() =>
      expect(canvas.getByText('Der Eintrag für NetzPlus Internet M ist gelöscht.')).toBeInTheDocument(),
    );
  },
};

/** An employee sees the plan but may neither add nor delete (SPEC 6). */
export const Employee: Story = {
  parameters: { session: { agencyUser: EMPLOYEE, api: AGENCY_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole(
      'table',
      { name: 'Prämienplan Ihrer Agentur' },
      { timeout: 10_000 },
    );
    await within(table).findByText('NetzPlus Internet S');
    await expect(canvas.queryByRole('button', { name: 'Hinzufügen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /löschen$/ })).toBeNull();
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  parameters: { session: { agencyUser: EMPLOYEE, api: AGENCY_API } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Reward plan' })).toBeVisible();
    await canvas.findByRole('table', { name: 'Your agency’s reward plan' }, { timeout: 10_000 });
  },
};
