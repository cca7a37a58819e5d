import { errorKey, useT } from '../../../runtime/index.ts';
import type { ErrorCode } from '../../../schemas/errors.ts';
import styles from './ContentUnavailable.module.css';

/**
 * In place of content that could not be loaded: SPEC's 'Inhalt nicht verfügbar' — or the network message
 * when the browser is offline. The server has already logged the cause.
 */
export function ContentUnavailable({ code }: { code: ErrorCode }) {
  const t = useT();
  const shown: ErrorCode = code === 'PSOF0002' ? 'PSOF0002' : 'PSOF0102';
  return <p className={styles.notice}>{t(errorKey(shown))}</p>;
}
