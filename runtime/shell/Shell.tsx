import type { ReactNode, RefObject } from 'react';
import { ConsentRoot } from '../consent/ConsentRoot.tsx';
import { useT } from '../i18n/useT.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import styles from './Shell.module.css';

export interface ShellProps {
  children: ReactNode;
  /** The router focuses <main> after a navigation, so screen readers start at the new content. */
  mainRef?: RefObject<HTMLElement | null>;
  /** The route on screen (the consent banner is not shown on some pages); null while redirecting. */
  routeName?: string | null;
}

/** The frame of every page: skip link, consent banner, header, main landmark, footer. */
export function Shell({ children, mainRef, routeName = null }: ShellProps) {
  const t = useT();
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        {t('runtime.skipLink')}
      </a>
      <ConsentRoot routeName={routeName} />
      <Header />
      <main id="main" tabIndex={-1} className={styles.main} ref={mainRef}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
