import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProfiNav } from '../blocks/ProfiNav/index.ts';
import { SELLER } from './fixtures/storyProfi.ts';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/ProfiNav',
  component: ProfiNav,
  globals: { language: 'de', mandant: '_base' },
  decorators: [withStorySession],
} satisfies Meta<typeof ProfiNav>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seller's five pages; the current one is marked. */
export const Seller: Story = {
  parameters: { session: { user: SELLER, routeName: 'ProfiOrders' } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Profi-Bereich' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual([
      'Übersicht',
      'Aufträge',
      'Provisionen',
      'Abrechnung',
      'Mein Bereich',
    ]);
    await expect(within(nav).getByRole('link', { name: 'Aufträge' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Abrechnung' })).toHaveAttribute(
      'href',
      '/de/profi/abrechnung',
    );
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: '_base' },
  parameters: { session: { user: SELLER } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Professional seller area' });
    await expect(within(nav).getByRole('link', { name: 'My area' })).toHaveAttribute(
      'href',
      '/en/profi/mein-bereich',
    );
  },
};
