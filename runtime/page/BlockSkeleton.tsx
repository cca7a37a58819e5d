import { useT } from '../i18n/useT.ts';
import styles from './BlockSlot.module.css';

/** Placeholder while a block's chunk loads; keeps the layout from jumping when the block arrives. */
export function BlockSkeleton() {
  const t = useT();
  return (
    <div className={styles.skeleton} aria-busy="true">
      <span className="visually-hidden">{t('runtime.block.loading')}</span>
    </div>
  );
}
