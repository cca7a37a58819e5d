import { describe, expect, it } from 'vitest';
import {
  enabledChannels,
  isOfflineCode,
  isShareChannel,
  normaliseOfflineCode,
  OFFLINE_CODE_ALPHABET,
  recommendationLink,
  requestOrigin,
  shareLink,
  shareTargetUrl,
  shortLink,
} from '../../domain/recommendationLinks.ts';

const ORIGIN = 'https://empfehlen.netzplus.example';
const NONE = {
  ModuleCopyLink: -1,
  ModuleEmailClient: -1,
  ModuleGmail: -1,
  ModuleOutlook: -1,
  ModuleYahoo: -1,
  ModuleFacebook: -1,
  ModuleWhatsapp: -1,
  ModuleXing: -1,
  ModuleLinkedIn: -1,
  ModuleTwitter: -1,
  FacebookId: '',
};

describe('recommendation links (journey contract)', () => {
  it('Empfehlungslink: {origin}/empfehlen/click/{nr}?channel={channel}', () => {
    expect(recommendationLink(ORIGIN, '0123456789', 'whatsapp')).toBe(
      'https://empfehlen.netzplus.example/empfehlen/click/0123456789?channel=whatsapp',
    );
    expect(recommendationLink(ORIGIN, '0123456789', 'email', '9876543210')).toBe(
      'https://empfehlen.netzplus.example/empfehlen/click/0123456789?channel=email&empfaengernummer=9876543210',
    );
  });

  it('KurzURL: {origin}/e/{nr}', () => {
    expect(shortLink(ORIGIN, '0123456789')).toBe('https://empfehlen.netzplus.example/e/0123456789');
  });

  it('shareLink picks the link type', () => {
    expect(shareLink(ORIGIN, '1', 'KurzURL', 'email')).toBe(`${ORIGIN}/e/1`);
    expect(shareLink(ORIGIN, '1', 'Empfehlungslink', 'email')).toBe(
      `${ORIGIN}/empfehlen/click/1?channel=email`,
    );
  });

  it('the origin is protocol and host of the request, port included', () => {
    expect(requestOrigin('http', 'telko.localhost:8080')).toBe('http://telko.localhost:8080');
  });

  it.each([
    ['email', true],
    ['kurzurl', true],
    ['qr', true],
    ['fax', false],
    ['', false],
    [undefined, false],
  ])('isShareChannel(%s) = %s', (value, expected) => {
    expect(isShareChannel(value)).toBe(expected);
  });
});

describe('offline code', () => {
  it('has no look-alikes 0/O and 1/I', () => {
    for (const character of '0O1I') expect(OFFLINE_CODE_ALPHABET).not.toContain(character);
    expect(OFFLINE_CODE_ALPHABET).toHaveLength(new Set(OFFLINE_CODE_ALPHABET).size);
  });

  it.each([
    ['abcd-efgh', 'ABCDEFGH', true],
    [' ab cd ef gh ', 'ABCDEFGH', true],
    ['ABCDEFG0', 'ABCDEFG0', false],
    ['ABCDEFG', 'ABCDEFG', false],
    ['ABCDEFGHJ', 'ABCDEFGHJ', false],
  ])('%s → %s (valid: %s)', (input, normalised, valid) => {
    expect(normaliseOfflineCode(input)).toBe(normalised);
    expect(isOfflineCode(normaliseOfflineCode(input))).toBe(valid);
  });
});

describe('enabled channels (SPEC 3: ordered by rank, -1 hidden, Facebook needs FacebookId)', () => {
  it('orders by rank and hides -1', () => {
    expect(
      enabledChannels({ ...NONE, ModuleWhatsapp: 2, ModuleEmailClient: 1, ModuleTwitter: 6, ModuleGmail: 3 }),
    ).toEqual(['email', 'whatsapp', 'gmail', 'twitter']);
  });

  it('keeps the module order for equal ranks, and rank 0 comes first', () => {
    expect(enabledChannels({ ...NONE, ModuleXing: 1, ModuleLinkedIn: 1, ModuleYahoo: 0 })).toEqual([
      'yahoo',
      'xing',
      'linkedin',
    ]);
  });

  it('ranks copying the link like the others: first among equal ranks, -1 hides it, on when not named (issue 18)', () => {
    expect(enabledChannels({ ...NONE, ModuleCopyLink: 1, ModuleWhatsapp: 1, ModuleEmailClient: 0 })).toEqual([
      'email',
      'copy',
      'whatsapp',
    ]);
    expect(enabledChannels({ ...NONE, ModuleWhatsapp: 1 })).toEqual(['whatsapp']);
    const { ModuleCopyLink: _unnamed, ...originalBackend } = NONE;
    expect(enabledChannels({ ...originalBackend, ModuleWhatsapp: 1 })).toEqual(['copy', 'whatsapp']);
  });

  it('offers Facebook only with a FacebookId', () => {
    expect(enabledChannels({ ...NONE, ModuleFacebook: 1 })).toEqual([]);
    expect(enabledChannels({ ...NONE, ModuleFacebook: 1, FacebookId: '  ' })).toEqual([]);
    expect(enabledChannels({ ...NONE, ModuleFacebook: 1, FacebookId: '123' })).toEqual(['facebook']);
  });

  it('the telko demo order', () => {
    expect(
      enabledChannels({
        ...NONE,
        ModuleEmailClient: 1,
        ModuleWhatsapp: 2,
        ModuleGmail: 3,
        ModuleOutlook: 4,
        ModuleFacebook: 5,
        FacebookId: '100000000000001',
        ModuleTwitter: 6,
      }),
    ).toEqual(['email', 'whatsapp', 'gmail', 'outlook', 'facebook', 'twitter']);
  });
});

describe('share targets (the recommender sends from their own mailbox or messenger)', () => {
  const message = { subject: 'Tipp für dich', text: 'Schau mal: 70 € & mehr?', link: `${ORIGIN}/e/1` };
  const parse = (url: string) => new URL(url);

  it('mailto with subject and body (text, blank line, link)', () => {
    const url = shareTargetUrl('email', message);
    expect(url.startsWith('mailto:?')).toBe(true);
    const query = new URLSearchParams(url.slice('mailto:?'.length));
    expect(query.get('subject')).toBe('Tipp für dich');
    expect(query.get('body')).toBe(`Schau mal: 70 € & mehr?\n\n${ORIGIN}/e/1`);
    // mailto wants %20, not '+', for spaces (RFC 6068).
    expect(url).not.toContain('+');
  });

  it.each([
    ['gmail', 'mail.google.com', { view: 'cm', su: 'Tipp für dich' }],
    ['outlook', 'outlook.live.com', { subject: 'Tipp für dich' }],
    ['yahoo', 'compose.mail.yahoo.com', { subject: 'Tipp für dich' }],
    ['whatsapp', 'wa.me', { text: `Schau mal: 70 € & mehr?\n\n${ORIGIN}/e/1` }],
    ['xing', 'www.xing.com', { url: `${ORIGIN}/e/1` }],
    ['linkedin', 'www.linkedin.com', { url: `${ORIGIN}/e/1` }],
    ['twitter', 'x.com', { text: 'Schau mal: 70 € & mehr?', url: `${ORIGIN}/e/1` }],
  ] as const)('%s opens %s with the message', (channel, host, params) => {
    const url = parse(shareTargetUrl(channel, message));
    expect(url.protocol).toBe('https:');
    expect(url.host).toBe(host);
    for (const [name, value] of Object.entries(params)) expect(url.searchParams.get(name)).toBe(value);
  });

  it('facebook shares the link with the app id', () => {
    const url = parse(shareTargetUrl('facebook', message, { facebookId: '123' }));
    expect(url.host).toBe('www.facebook.com');
    expect(url.searchParams.get('app_id')).toBe('123');
    expect(url.searchParams.get('href')).toBe(`${ORIGIN}/e/1`);
  });
});
