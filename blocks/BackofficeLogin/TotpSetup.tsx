import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import { useT } from '../../runtime/index.ts';
import styles from './BackofficeLogin.module.css';

/** `JBSWY3DPEHPK3PXP` → `JBSW Y3DP EHPK 3PXP`: easier to read out and to type. */
export function secretInGroups(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

export interface TotpSetupProps {
  /** The base32 secret, answered once by the first sign-in's step 1. */
  secret: string;
  /** Its otpauth:// URI (issuer, account, algorithm, digits, period). */
  uri: string;
}

/**
 * The first sign-in's set-up: how to add the back office to an authenticator app — scan the QR code, or type
 * the key (in groups of four) with the settings an app may ask for, or open the otpauth link on a phone.
 * uqr draws the QR code (already used for the share links); it is an image of the link, which stands as text
 * beside it for everyone who cannot scan.
 */
export function TotpSetup({ secret, uri }: TotpSetupProps) {
  const t = useT();
  const qr = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 2, ecc: 'M' }))}`,
    [uri],
  );
  return (
    <div className={styles.setup}>
      <p>{t('backoffice.login.setupIntro')}</p>
      <ol className={styles.steps}>
        <li>
          <p>{t('backoffice.login.setupScan')}</p>
          <img
            className={styles.qr}
            src={qr}
            alt={t('backoffice.login.setupQrAlt')}
            width={200}
            height={200}
          />
        </li>
        <li>
          <p>{t('backoffice.login.setupManual')}</p>
          <p>
            {t('backoffice.login.setupSecret')}:{' '}
            <code className={styles.secret} data-testid="totp-secret">
              {secretInGroups(secret)}
            </code>
          </p>
          <p>{t('backoffice.login.setupSettings')}</p>
          <p>{t('backoffice.login.setupLink')}</p>
          <p className={styles.uri}>
            <a href={uri}>{uri}</a>
          </p>
        </li>
        <li>
          <p>{t('backoffice.login.setupConfirm')}</p>
        </li>
      </ol>
      <p>
        <strong>{t('backoffice.login.setupOnce')}</strong>
      </p>
    </div>
  );
}
