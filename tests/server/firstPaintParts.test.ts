import { describe, expect, it } from 'vitest';
import { readCookie } from '../../domain/cookies.ts';
import { hasSessionCookie, headLinks, publicMaxAge } from '../../server/static/FirstPaint.ts';

describe('the parts of the server-rendered first paint', () => {
  it.each([
    ['public, max-age=60', 60],
    ['max-age=300, public', 300],
    ['public', undefined],
    ['no-store', undefined],
    ['private, max-age=60', undefined],
    ['public, no-cache, max-age=60', undefined],
    [undefined, undefined],
  ])('an answer with Cache-Control %j may be shared for %j s', (header, seconds) => {
    expect(publicMaxAge(header)).toBe(seconds);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['psoe_token=', false],
    ['other=1; psoe_token=abc.def', true],
    ['xpsoe_token=abc', false],
  ])('Cookie %j holds a session: %j', (header, expected) => {
    expect(hasSessionCookie(header)).toBe(expected);
  });

  it('reads a cookie by its exact name', () => {
    expect(readCookie('a=1; psoe_consent=v=1&h=x; b=2', 'psoe_consent')).toBe('v=1&h=x');
    expect(readCookie('a=1', 'psoe_consent')).toBeNull();
  });

  it('links only the styles of the other lazy modules a render used (their script comes later)', () => {
    const manifest = {
      'consent/ConsentController.tsx': { file: 'assets/Consent-1.js', css: ['assets/Consent-1.css'] },
    };
    expect(headLinks(manifest, [], ['consent/ConsentController.tsx', 'not/in/manifest.tsx'])).toEqual([
      '<link rel="stylesheet" href="/assets/Consent-1.css">',
    ]);
  });

  it('links the styles and chunks of the page blocks and what they import, not what index.html has', () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'], imports: ['_boot-1.js'] },
      '_boot-1.js': { file: 'assets/boot-1.js', css: ['assets/boot-1.css'] },
      '_shared-1.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'], imports: ['_boot-1.js'] },
      '../blocks/Hero/Hero.tsx': {
        file: 'assets/Hero-1.js',
        css: ['assets/Hero-1.css'],
        imports: ['_shared-1.js', '_boot-1.js'],
      },
    };
    expect(headLinks(manifest, ['Hero', 'Hero', 'Unknown'])).toEqual([
      '<link rel="stylesheet" href="/assets/Hero-1.css">',
      '<link rel="stylesheet" href="/assets/shared-1.css">',
      '<link rel="modulepreload" href="/assets/Hero-1.js">',
      '<link rel="modulepreload" href="/assets/shared-1.js">',
    ]);
  });

  it("preloads an area block's chunk together with the area registry that holds its loader", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', imports: [] },
      '../blocks/areaRegistry.ts': { file: 'assets/areaRegistry-1.js' },
      '../blocks/ProfiNav/ProfiNav.tsx': { file: 'assets/ProfiNav-1.js' },
      '../blocks/Hero/Hero.tsx': { file: 'assets/Hero-1.js' },
    };
    expect(headLinks(manifest, ['ProfiNav'])).toEqual([
      '<link rel="modulepreload" href="/assets/areaRegistry-1.js">',
      '<link rel="modulepreload" href="/assets/ProfiNav-1.js">',
    ]);
    expect(headLinks(manifest, ['Hero'])).toEqual(['<link rel="modulepreload" href="/assets/Hero-1.js">']);
  });
});
