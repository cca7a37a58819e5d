import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Hero } from '../blocks/Hero/index.ts';
import heroIllustration from './fixtures/heroIllustration.svg';

const meta = {
  title: 'Blocks/Hero',
  component: Hero,
  args: { headline: 'story.hero.headline' },
  // Plays check German texts; the English stories set their own language.
  globals: { language: 'de' },
} satisfies Meta<typeof Hero>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { text: 'story.hero.text', cta: { label: 'story.hero.cta', route: 'Faq' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Freunde werben und Prämie sichern' }),
    ).toBeVisible();
    await expect(canvas.getByText(/bis zu 70 € Prämie/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Jetzt empfehlen' })).toHaveAttribute('href', '/de/faq');
  },
};

export const Centered: Story = {
  args: { ...Default.args, align: 'center' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('section')).toHaveAttribute('data-align', 'center');
  },
};

/** The key visual is the likely largest paint: fetched first, never deferred, its space kept by its size. */
export const WithImage: Story = {
  args: {
    ...Default.args,
    image: { src: heroIllustration, alt: 'story.hero.image', width: 480, height: 320 },
  },
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole('img', {
      name: 'Zwei Personen teilen einen Empfehlungslink',
    });
    await expect(image).toHaveAttribute('src', heroIllustration);
    await expect(image).toHaveAttribute('width', '480');
    await expect(image).toHaveAttribute('height', '320');
    await expect(image).toHaveAttribute('fetchpriority', 'high');
    await expect(image).not.toHaveAttribute('loading');
  },
};

/**
 * A home page's hero: the main action leads to the section of the page where recommending starts (its
 * anchor), the FAQ follows as a secondary link, the key visual of the mandant beside them.
 */
export const RecommendFirst: Story = {
  globals: { mandant: 'telko' },
  args: {
    headline: 'home.hero.headline',
    text: 'home.hero.text',
    cta: { label: 'home.hero.recommend', section: 'angebote' },
    secondaryCta: { label: 'home.hero.faq', route: 'Faq' },
    image: { src: 'keyvisual-home.svg', alt: 'home.hero.image', width: 480, height: 360 },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const links = canvas.getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(['Jetzt empfehlen', 'Häufige Fragen']);
    await expect(links[0]).toHaveAttribute('href', '#angebote');
    await expect(links[0]).toHaveClass('button');
    await expect(links[1]).toHaveAttribute('href', '/de/faq');
    const image = canvas.getByRole('img', { name: /Zwei Personen teilen per Smartphone eine Empfehlung/ });
    await expect(image).toHaveAttribute('src', '/mandant-assets/telko/keyvisual-home.svg');
    await expect(image).toHaveAttribute('width', '480');
    await expect(image).toHaveAttribute('height', '360');
  },
};

export const LongGermanWords: Story = {
  args: {
    headline: 'story.long.headline',
    text: 'story.long.text',
    cta: { label: 'story.long.button', route: 'ParticipationTerms' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Empfehlungsprämienauszahlungsbedingungen für Bestandskundenvertragsverlängerungen',
    );
    await expect(canvas.getByRole('link')).toHaveAttribute('href', '/de/teilnahmebedingungen');
  },
};

export const Minimal: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Freunde werben und Prämie sichern' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

export const English: Story = {
  args: Default.args,
  globals: { language: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Refer friends and earn a reward' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Recommend now' })).toHaveAttribute('href', '/en/faq');
  },
};
