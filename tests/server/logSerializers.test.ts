import { describe, expect, it } from 'vitest';
import { truncateIp, withoutQueryValues } from '../../server/http/logSerializers.ts';

describe('log serializers keep personal data out of logs', () => {
  it.each([
    ['/api/v1/a/account/login/?token=secret&c=x', '/api/v1/a/account/login/?token&c'],
    ['/plain', '/plain'],
  ])('drops query values: %s', (url, expected) => {
    expect(withoutQueryValues(url)).toBe(expected);
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
