import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { blockRegistry } from '../blocks/registry.ts';
import { RoutedPage } from '../runtime/router/RoutedPage.tsx';

/**
 * Whole pages as the browser shows them: shell, routing and the lazily loaded blocks of the selected
 * mandant's page schemas (mandants/*\/pages, merged over _base) — or the neutral sample pages.
 */
const meta = {
  title: 'Pages/Routed page',
  component: RoutedPage,
  args: { registry: blockRegistry, guards: [] },
  argTypes: { registry: { control: false }, guards: { control: false } },
} satisfies Meta<typeof RoutedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

// These plays hold in every mandant and language the toolbar offers.
async function expectShell(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('link', { name: /Zum Inhalt springen|Skip to content/ })).toHaveAttribute(
    'href',
    '#main',
  );
  await expect(canvas.getByRole('banner')).toBeVisible();
  await expect(canvas.getByRole('main')).toHaveAttribute('id', 'main');
  await expect(canvas.getByRole('contentinfo')).toBeVisible();
}

export const Home: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeVisible();
    await expectShell(canvasElement);
    await waitFor(() => expect(document.body.dataset.pageReady).toBe('true'));
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const languages = canvas.getByRole('navigation', { name: 'Sprache wählen' });
    await expect(within(languages).getByRole('link', { name: 'Deutsch' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  },
};

export const HomeEnglish: Story = {
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeVisible();
    const languages = canvas.getByRole('navigation', { name: 'Choose language' });
    await expect(within(languages).getByRole('link', { name: 'English' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  },
};

export const UnknownPath: Story = {
  parameters: { path: '/de/gibt-es-nicht' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: '404 - Datei nicht gefunden' }),
    ).toBeVisible();
    await expectShell(canvasElement);
  },
};

export const UnknownLocale: Story = {
  parameters: { path: '/xx/faq' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: /^404 - / }),
    ).toBeVisible();
  },
};
