import { useT } from '../i18n/useT.ts';
import styles from './BlockSlot.module.css';

export interface BlockNoticeProps {
  /** i18n key of the message. */
  message: string;
  values?: Record<string, string>;
}

/** The visible stand-in for a block that failed or is unknown; the page around it keeps working. */
export function BlockNotice({ message, values }: BlockNoticeProps) {
  const t = useT();
  return (
    <div className={styles.notice} role="note">
      <p>{t(message, values)}</p>
    </div>
  );
}
