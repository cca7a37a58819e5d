import { describe, expect, it } from 'vitest';
import { type HostIndex, hostnameOf, mandantIdForHost } from '../../server/mandants/hostToMandant.ts';

const index: HostIndex = {
  defaultId: 'alpha',
  ids: new Set(['alpha', 'beta']),
  hosts: new Map([['empfehlen.beta.example', 'beta']]),
};

describe('mandantIdForHost (DESIGN: localhost → default, NAME.localhost → NAME, configured hosts)', () => {
  it.each([
    ['localhost', 'alpha'],
    ['localhost:8080', 'alpha'],
    ['LOCALHOST:3000', 'alpha'],
    ['127.0.0.1:8080', 'alpha'],
    ['[::1]:8080', 'alpha'],
    ['[::1]', 'alpha'],
    ['beta.localhost:8080', 'beta'],
    ['alpha.localhost', 'alpha'],
    ['empfehlen.beta.example', 'beta'],
    ['Empfehlen.Beta.Example:443', 'beta'],
    ['empfehlen.beta.example.', 'beta'],
    ['gamma.localhost:8080', undefined],
    ['unknown.example', undefined],
    ['beta.example', undefined],
    ['10.0.0.5:8080', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (host, expected) => {
    expect(mandantIdForHost(host, index)).toBe(expected);
  });

  it('reads host names without port or IPv6 brackets', () => {
    expect(hostnameOf('[2001:db8::1]:8443')).toBe('2001:db8::1');
    expect(hostnameOf('Example.COM:80')).toBe('example.com');
  });
});
