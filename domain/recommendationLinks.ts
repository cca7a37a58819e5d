/**
 * The links of a recommendation and the channels it is shared by (issue 4, journey contract), pure so that
 * server (create answer, click redirect, QR code) and runtime (share page) build them alike.
 *
 * - Empfehlungslink: `{origin}/empfehlen/click/{nr}?channel={channel}` — the channel says where it was shared.
 * - KurzURL: `{origin}/e/{nr}` — short enough for print and SMS; its clicks count as channel `kurzurl`.
 *
 * The origin is the mandant's public origin as the request saw it (protocol + host; behind a proxy Fastify's
 * trustProxy supplies the browser's), so one deployment serves every mandant host.
 */
import type { ChannelModule, MandantConfig } from '../schemas/api.ts';

/** Every channel a click can name; `copy`, `qr`, `code` and `kurzurl` need no module flag. */
export const SHARE_CHANNELS = [
  'email',
  'gmail',
  'outlook',
  'yahoo',
  'facebook',
  'whatsapp',
  'xing',
  'linkedin',
  'twitter',
  'copy',
  'qr',
  'code',
  'kurzurl',
] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** Clicks on the short URL without a channel count as this one. */
export const SHORT_LINK_CHANNEL: ShareChannel = 'kurzurl';

export function isShareChannel(value: unknown): value is ShareChannel {
  return typeof value === 'string' && (SHARE_CHANNELS as readonly string[]).includes(value);
}

/** SPEC section 3: the two link types a recommendation can be shared with. */
export const LINK_TYPES = ['KurzURL', 'Empfehlungslink'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** Recommendation and recipient numbers: 10 random digits (the table allows 6–12 for imported data). */
export const NUMBER_LENGTH = 10;
export const NUMBER_PATTERN = /^[0-9]{6,12}$/;
/** 32 random hex characters: the unguessable part of /empfehlen/{nr}/{hex}. */
export const LINK_HEX_LENGTH = 32;

/** Offline recommendation code: 8 characters without the look-alikes 0/O and 1/I, stored upper-case. */
export const OFFLINE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const OFFLINE_CODE_LENGTH = 8;
const OFFLINE_CODE = new RegExp(`^[${OFFLINE_CODE_ALPHABET}]{${OFFLINE_CODE_LENGTH}}$`);

/** What a person typed as a code: upper-cased, without spaces and dashes (codes are read out and printed). */
export function normaliseOfflineCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

export function isOfflineCode(value: string): boolean {
  return OFFLINE_CODE.test(value);
}

/** `https://host[:port]` from a request's protocol and host (Fastify: request.protocol, request.host). */
export function requestOrigin(protocol: string, host: string): string {
  return `${protocol}://${host}`;
}

export function clickPath(empfehlungsnummer: string): string {
  return `/empfehlen/click/${encodeURIComponent(empfehlungsnummer)}`;
}

export function shortPath(empfehlungsnummer: string): string {
  return `/e/${encodeURIComponent(empfehlungsnummer)}`;
}

/** The Empfehlungslink for one channel; with a recipient number when a known recipient is linked back. */
export function recommendationLink(
  origin: string,
  empfehlungsnummer: string,
  channel: ShareChannel,
  empfaengernummer?: string,
): string {
  return channelLink(`${origin}${clickPath(empfehlungsnummer)}`, channel, empfaengernummer);
}

/** A click link (`…/empfehlen/click/{nr}`, as the API answers it) with its channel query. */
export function channelLink(clickUrl: string, channel: ShareChannel, empfaengernummer?: string): string {
  const query = new URLSearchParams({ channel });
  if (empfaengernummer) query.set('empfaengernummer', empfaengernummer);
  return `${clickUrl}?${query.toString()}`;
}

export function shortLink(origin: string, empfehlungsnummer: string): string {
  return `${origin}${shortPath(empfehlungsnummer)}`;
}

/** The link a channel shares: the short URL for link type KurzURL, else the Empfehlungslink of that channel. */
export function shareLink(
  origin: string,
  empfehlungsnummer: string,
  linkType: LinkType,
  channel: ShareChannel,
): string {
  return linkType === 'KurzURL'
    ? shortLink(origin, empfehlungsnummer)
    : recommendationLink(origin, empfehlungsnummer, channel);
}

/**
 * The channels a mandant can switch on (SPEC section 3: channel ranks), with their module flag. Copying the
 * link is one of them (issue 18: ModuleCopyLink), so a mandant can rank it or switch it off like the others;
 * it comes first among equal ranks.
 */
export const CHANNEL_OF_MODULE = {
  ModuleCopyLink: 'copy',
  ModuleEmailClient: 'email',
  ModuleGmail: 'gmail',
  ModuleOutlook: 'outlook',
  ModuleYahoo: 'yahoo',
  ModuleFacebook: 'facebook',
  ModuleWhatsapp: 'whatsapp',
  ModuleXing: 'xing',
  ModuleLinkedIn: 'linkedin',
  ModuleTwitter: 'twitter',
} as const satisfies Record<ChannelModule, ShareChannel>;
/**
 * The rank of a channel the configuration does not name: only copying is on without being named (the
 * schema's default), so a configuration from the original backend, which has no ModuleCopyLink, keeps it.
 */
const DEFAULT_RANK: Partial<Record<ChannelModule, number>> = { ModuleCopyLink: 0 };

/** A ranked share option: copying the link, or a channel that opens another program or site. */
export type ShareOption = (typeof CHANNEL_OF_MODULE)[ChannelModule];
/** The ranked channels that open a mail program or a network (all share options but copying). */
export type RankedChannel = Exclude<ShareOption, 'copy'>;

export function isLinkChannel(option: ShareOption): option is RankedChannel {
  return option !== 'copy';
}

/**
 * SPEC section 3: the enabled share options ordered by rank (lower first; equal ranks keep the module order);
 * -1 hides one, and Facebook is only offered with a FacebookId.
 */
export function enabledChannels(
  config: Pick<MandantConfig, Exclude<ChannelModule, 'ModuleCopyLink'> | 'FacebookId'> &
    Partial<Pick<MandantConfig, 'ModuleCopyLink'>>,
): ShareOption[] {
  const modules = Object.keys(CHANNEL_OF_MODULE) as ChannelModule[];
  return modules
    .map((module, index) => ({ module, index, rank: config[module] ?? DEFAULT_RANK[module] ?? -1 }))
    .filter(({ module, rank }) => {
      if (typeof rank !== 'number' || rank < 0) return false;
      return module !== 'ModuleFacebook' || config.FacebookId.trim() !== '';
    })
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ module }) => CHANNEL_OF_MODULE[module]);
}

/** The text a recommender sends from their own mailbox or messenger (the server never mails the friend). */
export interface ShareMessage {
  subject: string;
  /** The body without the link; the link is appended on its own line. */
  text: string;
  link: string;
}

function bodyWithLink(message: ShareMessage): string {
  return `${message.text}\n\n${message.link}`;
}

/**
 * Where a channel opens: the user's mail program (mailto), the web compose pages of Gmail, Outlook and
 * Yahoo, or the share dialogs of the networks. Every URL is built from documented public share endpoints.
 */
export function shareTargetUrl(
  channel: RankedChannel,
  message: ShareMessage,
  options: { facebookId?: string } = {},
): string {
  const body = bodyWithLink(message);
  const encoded = (value: string) => encodeURIComponent(value);
  switch (channel) {
    case 'email':
      return `mailto:?subject=${encoded(message.subject)}&body=${encoded(body)}`;
    case 'gmail':
      return `https://mail.google.com/mail/?${new URLSearchParams({ view: 'cm', fs: '1', su: message.subject, body })}`;
    case 'outlook':
      return `https://outlook.live.com/mail/0/deeplink/compose?${new URLSearchParams({ subject: message.subject, body })}`;
    case 'yahoo':
      return `https://compose.mail.yahoo.com/?${new URLSearchParams({ subject: message.subject, body })}`;
    case 'facebook':
      return `https://www.facebook.com/dialog/share?${new URLSearchParams({
        app_id: options.facebookId ?? '',
        href: message.link,
        display: 'page',
      })}`;
    case 'whatsapp':
      return `https://wa.me/?${new URLSearchParams({ text: body })}`;
    case 'xing':
      return `https://www.xing.com/spi/shares/new?${new URLSearchParams({ url: message.link })}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url: message.link })}`;
    case 'twitter':
      return `https://x.com/intent/post?${new URLSearchParams({ text: message.text, url: message.link })}`;
  }
}
