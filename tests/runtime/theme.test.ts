import { afterEach, describe, expect, it } from 'vitest';
import { themeToCssVars } from '../../domain/theme.ts';
import { applyFavicon, applyTheme } from '../../runtime/theme/applyTheme.ts';
import { assetUrl } from '../../runtime/theme/assetUrl.ts';

describe('themeToCssVars', () => {
  it('maps every theme token to its custom property', () => {
    expect(
      themeToCssVars({
        colors: {
          primary: '#C2006B',
          onPrimary: '#ffffff',
          secondary: '#111111',
          onSecondary: '#eeeeee',
          background: '#fafafa',
          surface: '#f0f0f0',
          text: '#222222',
          muted: '#555555',
          border: '#888888',
          focus: '#7a0043',
          error: '#b3261e',
          success: '#1e6b34',
        },
        fonts: { body: "'Segoe UI', Arial, sans-serif", heading: 'Georgia, serif' },
        radius: '12px',
        spacing: '0.5rem',
      }),
    ).toEqual({
      '--color-primary': '#c2006b',
      '--color-on-primary': '#ffffff',
      '--color-secondary': '#111111',
      '--color-on-secondary': '#eeeeee',
      '--color-background': '#fafafa',
      '--color-surface': '#f0f0f0',
      '--color-text': '#222222',
      '--color-muted': '#555555',
      '--color-border': '#888888',
      '--color-focus': '#7a0043',
      '--color-error': '#b3261e',
      '--color-success': '#1e6b34',
      '--font-body': "'Segoe UI', Arial, sans-serif",
      '--font-heading': 'Georgia, serif',
      '--radius': '12px',
      '--space': '0.5rem',
    });
  });

  it('leaves out missing tokens, so base.css defaults apply', () => {
    expect(themeToCssVars(undefined)).toEqual({});
    expect(themeToCssVars({ colors: { primary: '#000000' } })).toEqual({ '--color-primary': '#000000' });
  });

  it.each([
    ['colour that is not #rrggbb', { colors: { primary: 'red; background: url(x)' } }],
    ['short hex colour', { colors: { primary: '#fff' } }],
    ['font stack that could end the declaration', { fonts: { body: 'Arial; color: red' } }],
    ['radius without unit', { radius: '12' }],
    ['spacing with an expression', { spacing: 'calc(1px)' }],
  ])('rejects an invalid value: %s', (_case, theme) => {
    expect(themeToCssVars(theme)).toEqual({});
  });
});

describe('applyTheme', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('style');
  });

  it('sets the custom properties on the root element through the CSSOM', () => {
    applyTheme({ colors: { primary: '#123456' }, radius: '4px' });
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#123456');
    expect(style.getPropertyValue('--radius')).toBe('4px');
    expect(document.querySelector('style')).toBeNull();
  });

  it('removes properties the next theme does not set (switching themes in Storybook)', () => {
    applyTheme({ colors: { primary: '#123456', surface: '#eeeeee' } });
    applyTheme({ colors: { primary: '#654321' } });
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#654321');
    expect(style.getPropertyValue('--color-surface')).toBe('');
  });

  it('points the favicon link at the mandant asset', () => {
    applyFavicon('/mandant-assets/telko/favicon.svg');
    applyFavicon('/mandant-assets/telko/favicon2.svg');
    const links = document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/mandant-assets/telko/favicon2.svg');
  });
});

describe('assetUrl', () => {
  it.each([
    ['logo.svg', '/mandant-assets/telko/logo.svg'],
    ['./img/hero.png', '/mandant-assets/telko/img/hero.png'],
    ['/mandant-assets/telko/logo.svg', '/mandant-assets/telko/logo.svg'],
    ['https://cdn.example/logo.svg', 'https://cdn.example/logo.svg'],
  ])('%s → %s', (src, expected) => {
    expect(assetUrl('telko', src)).toBe(expected);
  });
});
