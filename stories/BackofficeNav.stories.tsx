import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BackofficeNav } from '../blocks/BackofficeNav/index.ts';
import {
  BACKOFFICE_ADMIN,
  BACKOFFICE_OPERATOR,
  BACKOFFICE_VIEWER,
  withStorySession,
} from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/BackofficeNav',
  component: BackofficeNav,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof BackofficeNav>;

export default meta;
type Story = StoryObj<typeof meta>;

function entries(canvasElement: HTMLElement): string[] {
  const nav = within(canvasElement).getByRole('navigation', { name: 'Backoffice' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

/**
 * The operator: the start page first (marked as the current page), then orders, review, support and
 * agencies as far as the mandant has their routes; never staff, keys or the audit log.
 */
export const Operator: Story = {
  parameters: { session: { backofficeUser: BACKOFFICE_OPERATOR, routeName: 'BackofficeHome' } },
  play: async ({ canvasElement }) => {
    const links = entries(canvasElement);
    await expect(links[0]).toBe('Übersicht');
    await expect(links).not.toContain('Team');
    await expect(links).not.toContain('Protokoll');
    await expect(within(canvasElement).getByRole('link', { name: 'Übersicht' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** A viewer: the reports only. */
export const Viewer: Story = {
  parameters: { session: { backofficeUser: BACKOFFICE_VIEWER, routeName: 'BackofficeHome' } },
  play: async ({ canvasElement }) => {
    const links = entries(canvasElement);
    for (const hidden of ['Prüfung', 'Support', 'Agenturen', 'Gutscheine', 'Team', 'Protokoll'])
      await expect(links).not.toContain(hidden);
  },
};

/** The admin: staff, keys, settings and the audit log; no orders to act on, no payouts to make. */
export const Admin: Story = {
  parameters: { session: { backofficeUser: BACKOFFICE_ADMIN, routeName: 'BackofficeHome' } },
  play: async ({ canvasElement }) => {
    const links = entries(canvasElement);
    for (const hidden of ['Prüfung', 'Support', 'Gutscheine']) await expect(links).not.toContain(hidden);
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  parameters: { session: { backofficeUser: BACKOFFICE_OPERATOR, routeName: 'BackofficeHome' } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Back office' });
    await expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'href',
      '/en/backoffice',
    );
  },
};
