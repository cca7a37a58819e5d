import { describe, expect, it } from 'vitest';
import { truncateIp, withoutQueryValues, withoutSecrets } from '../../server/http/logSerializers.ts';

describe('log serializers keep personal data out of logs', () => {
  it.each([
    ['/api/v1/a/account/login/?token=secret&c=x', '/api/v1/a/account/login/?token&c'],
    ['/plain', '/plain'],
  ])('drops query values: %s', (url, expected) => {
    expect(withoutQueryValues(url)).toBe(expected);
  });

  it.each([
    ['/de/einladung/Zk3m9QpL0xY7vB2nR8sT4uW6aC1dE5fG9hJ0kLmN2o', '/de/einladung/:secret'],
    [
      '/api/v1/telko/Einladung/Zk3m9QpL0xY7vB2nR8sT4uW6aC1dE5fG9hJ0kLmN2o/registrieren',
      '/api/v1/telko/Einladung/:secret/registrieren',
    ],
    [
      '/api/v1/telko/empfehlen/4710000001/0123456789abcdef0123456789abcdef?c=1',
      '/api/v1/telko/empfehlen/4710000001/:secret?c',
    ],
    ['/de/agentur/auftraege', '/de/agentur/auftraege'],
    [
      '/api/v1/telko/agentur/auftragfreigeben/A-1001/A-1001-00017',
      '/api/v1/telko/agentur/auftragfreigeben/A-1001/A-1001-00017',
    ],
  ])('masks link tokens in the path: %s', (url, expected) => {
    expect(withoutSecrets(url)).toBe(expected);
  });

  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['::ffff:203.0.113.77', '203.0.113.0'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['::1', '::'],
  ])('truncates IP %s', (ip, expected) => {
    expect(truncateIp(ip)).toBe(expected);
  });
});
