import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AgencyNav } from '../blocks/AgencyNav/index.ts';
import { EMPLOYEE, INACTIVE_OWNER, OWNER } from './fixtures/storyAgency.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/AgencyNav',
  component: AgencyNav,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
  parameters: { session: { agencyUser: OWNER } },
} satisfies Meta<typeof AgencyNav>;

export default meta;
type Story = StoryObj<typeof meta>;

async function entries(canvasElement: HTMLElement): Promise<string[]> {
  const nav = within(canvasElement).getByRole('navigation', { name: 'Agenturbereich' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

/** The owner: every section of SPEC 2's agency navigation. */
export const Owner: Story = {
  play: async ({ canvasElement }) => {
    await expect(await entries(canvasElement)).toEqual([
      'Übersicht',
      'Auftragsreport',
      'Einladungstool',
      'Empfehlerreport',
      'Mitarbeitende',
      'Prämien',
      'Prämienplan',
      'Gutschriften',
      'Stammdaten',
      'Statistik',
    ]);
    await expect(within(canvasElement).getByRole('link', { name: 'Auftragsreport' })).toHaveAttribute(
      'href',
      '/de/agentur/auftraege',
    );
  },
};

/** The inactive owner: no invitation tool, no employees (SPEC 6). */
export const InactiveOwner: Story = {
  parameters: { session: { agencyUser: INACTIVE_OWNER } },
  play: async ({ canvasElement }) => {
    await expect(await entries(canvasElement)).toEqual([
      'Übersicht',
      'Auftragsreport',
      'Empfehlerreport',
      'Prämien',
      'Prämienplan',
      'Gutschriften',
      'Stammdaten',
      'Statistik',
    ]);
  },
};

/** An employee: invitation tool and reports, no employees and no invoices (SPEC 6). */
export const Employee: Story = {
  parameters: { session: { agencyUser: EMPLOYEE } },
  play: async ({ canvasElement }) => {
    await expect(await entries(canvasElement)).toEqual([
      'Übersicht',
      'Auftragsreport',
      'Einladungstool',
      'Empfehlerreport',
      'Prämien',
      'Prämienplan',
      'Stammdaten',
      'Statistik',
    ]);
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Agency area' });
    await expect(within(nav).getByRole('link', { name: 'Order report' })).toHaveAttribute(
      'href',
      '/en/agentur/auftraege',
    );
  },
};
