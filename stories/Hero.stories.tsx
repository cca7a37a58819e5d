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

export const WithImage: Story = {
  args: { ...Default.args, image: { src: heroIllustration, alt: 'story.hero.image' } },
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole('img', {
      name: 'Zwei Personen teilen einen Empfehlungslink',
    });
    await expect(image).toHaveAttribute('src', heroIllustration);
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
