import { useId, useState } from 'react';
import type { LinkType, RankedChannel, ShareChannel } from '../../domain/recommendationLinks.ts';
import {
  enabledChannels,
  isLinkChannel,
  LINK_TYPES,
  shareTargetUrl,
} from '../../domain/recommendationLinks.ts';
import { formatMoney, putRecommendationSharing, useMandant, useSession, useT } from '../../runtime/index.ts';
import type { RecommendationView } from '../../schemas/recommendFormApi.ts';
import styles from './RecommendationShare.module.css';
import { linkFor, opensNewWindow, shareMessage } from './shareMessage.ts';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The link type choice, the link with its copy button, and the enabled channels in the mandant's rank order.
 * Copying is a ranked channel too (ModuleCopyLink): hidden at -1, shown before the channel list when it ranks
 * first, else after it.
 * Each share is recorded for the owner (PUT /empfehlung/{nr}); a failed record never stops the share.
 */
export function ShareLinks({ view }: { view: RecommendationView }) {
  const t = useT();
  const id = useId();
  const mandant = useMandant();
  const { user } = useSession();
  const [linkType, setLinkType] = useState<LinkType>(view.LinkTyp);
  const [copyStatus, setCopyStatus] = useState('');
  const options = enabledChannels(mandant);
  const channels = options.filter(isLinkChannel);
  const copyPlace = !options.includes('copy') ? 'none' : options[0] === 'copy' ? 'before' : 'after';
  const link = linkFor(view, linkType, 'copy');

  const record = (channel: ShareChannel) => {
    if (!view.Verwaltungstoken && !user) return;
    putRecommendationSharing(
      view.Empfehlungsnummer,
      { Channel: channel, Empfehlungslink: linkType === 'Empfehlungslink' },
      view.Verwaltungstoken,
    ).catch((error: unknown) => console.warn('The share could not be recorded', error));
  };

  const copy = async () => {
    const done = await copyText(link);
    setCopyStatus(t(done ? 'share.copied' : 'share.copyFailed'));
    if (done) record('copy');
  };

  const target = (channel: RankedChannel) =>
    shareTargetUrl(
      channel,
      shareMessage(t, view, linkFor(view, linkType, channel), { mandantName: mandant.name, formatMoney }),
      { facebookId: mandant.FacebookId },
    );

  const copyBox = (
    <div className={styles.copy}>
      <label className={styles.legend} htmlFor={`${id}-link`}>
        {t('share.link.label')}
      </label>
      <div className={styles.copyRow}>
        <input id={`${id}-link`} className={styles.linkField} type="text" readOnly value={link} />
        <button type="button" className="button" onClick={copy}>
          {t('share.copy')}
        </button>
      </div>
      <p className={styles.status} role="status">
        {copyStatus}
      </p>
    </div>
  );

  return (
    <>
      <fieldset className={styles.linkTypes}>
        <legend className={styles.legend}>{t('share.linkType.legend')}</legend>
        {LINK_TYPES.map((type) => (
          <div key={type} className={styles.radio}>
            <input
              type="radio"
              id={`${id}-${type}`}
              name={`${id}-linkType`}
              checked={linkType === type}
              onChange={() => setLinkType(type)}
            />
            <label htmlFor={`${id}-${type}`}>{t(`share.linkType.${type}`)}</label>
          </div>
        ))}
      </fieldset>
      {copyPlace === 'before' && copyBox}
      {channels.length > 0 && (
        <>
          <h2 id={`${id}-channels`}>{t('share.channels.headline')}</h2>
          <ul className={styles.channels} aria-labelledby={`${id}-channels`}>
            {channels.map((channel) => (
              <li key={channel}>
                <a
                  className={`button button-inverse ${styles.channel}`}
                  href={target(channel)}
                  {...(opensNewWindow(channel) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  onClick={() => record(channel)}
                >
                  {t(`share.channel.${channel}`)}
                  {opensNewWindow(channel) && (
                    <span className="visually-hidden"> {t('share.newWindow')}</span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {copyPlace === 'after' && copyBox}
    </>
  );
}
