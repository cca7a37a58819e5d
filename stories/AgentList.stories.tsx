import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AgentList } from '../blocks/AgentList/index.ts';
import { agentPage, agents, withSuspense } from './fixtures/storyProducts.tsx';
import { withStorySession } from './fixtures/storySession.tsx';

const meta = {
  title: 'Blocks/AgentList',
  component: AgentList,
  // The utility demo: recommenders recommend an advisor of its team (produktApi 'agent list').
  globals: { language: 'de', mandant: 'stadtwerk' },
  args: { headline: 'home.agents.headline', intro: 'home.agents.intro' },
  parameters: { session: { api: { 'GET /produkt/berater': { status: 200, data: agentPage(agents, 1) } } } },
  decorators: [withSuspense, withStorySession],
} satisfies Meta<typeof AgentList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** SPEC 7/9: page 1 of size 6, photos with alt text, search and paging controls. */
export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      '20 Ansprechpersonen gefunden. Seite 1 von 4',
    );
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    const photo = canvas.getByRole('img', { name: 'Foto von Anja Albrecht' });
    await expect(photo).toHaveAttribute('src', '/api/v1/stadtwerk/produkt/SWL-1001/grafik');
    await expect(photo).toHaveAttribute('width', '160');
    await expect(photo).toHaveAttribute('height', '160');
    await expect(photo).toHaveAttribute('loading', 'lazy');
    await expect(canvas.getByRole('search', { name: 'Ansprechpersonen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Nächste Seite' })).toBeEnabled();
  },
};

export const LastPage: Story = {
  parameters: { session: { api: { 'GET /produkt/berater': { status: 200, data: agentPage(agents, 4) } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 3, name: 'Uwe Zimmermann' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
  },
};

export const NothingFound: Story = {
  parameters: { session: { api: { 'GET /produkt/berater': { status: 200, data: agentPage([], 1) } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Keine Ansprechperson gefunden.');
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const LoadFailure: Story = {
  parameters: { session: { api: { 'GET /produkt/berater': { status: 503, data: { code: 'PSOF0002' } } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Netzwerkfehler');
  },
};

export const English: Story = {
  globals: { language: 'en', mandant: 'stadtwerk' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      '20 contact persons found. Page 1 of 4',
    );
    await expect(canvas.getByRole('img', { name: 'Photo of Anja Albrecht' })).toBeVisible();
  },
};
