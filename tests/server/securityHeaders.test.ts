import { describe, expect, it } from 'vitest';
import type { MandantConfig } from '../../schemas/api.ts';
import { securityHeaders } from '../../server/http/securityHeaders.ts';

function config(overrides: Partial<MandantConfig>): MandantConfig {
  return {
    ModuleIntegratedFrame: false,
    MandantUrl: '',
    frameAncestors: [],
    trackings: [],
    ...overrides,
  } as MandantConfig;
}

function directives(csp: string | undefined): Map<string, string> {
  return new Map(
    (csp ?? '').split('; ').map((directive) => {
      const [name = '', ...values] = directive.split(' ');
      return [name, values.join(' ')];
    }),
  );
}

describe('securityHeaders', () => {
  it('allows no inline or eval script and denies framing by default', () => {
    const headers = securityHeaders(config({}));
    const csp = directives(headers['content-security-policy']);
    expect(csp.get('script-src')).toBe("'self'");
    expect(headers['content-security-policy']).not.toMatch(/unsafe-(eval|inline)/);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('img-src')).toBe("'self' data:");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets the client site and frameAncestors frame the app when ModuleIntegratedFrame is on', () => {
    const headers = securityHeaders(
      config({
        ModuleIntegratedFrame: true,
        MandantUrl: 'https://www.kunde.example/service/empfehlen',
        frameAncestors: ['https://partner.example', 'https://bad.example; script-src *'],
      }),
    );
    expect(directives(headers['content-security-policy']).get('frame-ancestors')).toBe(
      "'self' https://www.kunde.example https://partner.example",
    );
    expect(headers).not.toHaveProperty('x-frame-options');
  });

  it('ignores frameAncestors while ModuleIntegratedFrame is off', () => {
    const headers = securityHeaders(config({ frameAncestors: ['https://partner.example'] }));
    expect(directives(headers['content-security-policy']).get('frame-ancestors')).toBe("'none'");
  });

  it("adds a tracker's origin where its script and hits need it", () => {
    const headers = securityHeaders(
      config({
        trackings: [
          {
            id: 'm',
            type: 'matomo',
            url: 'https://stats.example/matomo/',
            siteId: 1,
            category: 'analytical',
          },
        ],
      }),
    );
    const csp = directives(headers['content-security-policy']);
    expect(csp.get('script-src')).toBe("'self' https://stats.example");
    expect(csp.get('connect-src')).toBe("'self' https://stats.example");
    expect(csp.get('img-src')).toBe("'self' data: https://stats.example");
  });

  it('gives unknown hosts the strictest headers', () => {
    expect(directives(securityHeaders(undefined)['content-security-policy']).get('frame-ancestors')).toBe(
      "'none'",
    );
  });
});
