import type { TFunction } from 'i18next';
import type {
  LinkType,
  RankedChannel,
  ShareChannel,
  ShareMessage,
} from '../../domain/recommendationLinks.ts';
import { channelLink } from '../../domain/recommendationLinks.ts';
import type { RecommendationView } from '../../schemas/recommendFormApi.ts';

/** The link a channel shares: the short URL, or the recommendation link naming the channel. */
export function linkFor(view: RecommendationView, linkType: LinkType, channel: ShareChannel): string {
  return linkType === 'KurzURL' ? view.KurzURL : channelLink(view.Empfehlungslink, channel);
}

/**
 * The message the recommender sends from their own mailbox or messenger: who recommends what, the friend's
 * part of the reward when there is one, and the link. The server never mails the friend.
 */
export function shareMessage(
  t: TFunction,
  view: RecommendationView,
  link: string,
  context: { mandantName: string; formatMoney: (cents: number) => string },
): ShareMessage {
  const product = view.Produkt.Name;
  const reward = view.Praemie?.EmpfaengerCent
    ? ` ${t('share.message.reward', { amount: context.formatMoney(view.Praemie.EmpfaengerCent) })}`
    : '';
  return {
    subject: t('share.message.subject', { product }),
    text: `${t('share.message.text', { product, mandant: context.mandantName })}${reward}`,
    link,
  };
}

/** Channels that open another site (a new window); the mail program opens in place. */
export function opensNewWindow(channel: RankedChannel): boolean {
  return channel !== 'email';
}
