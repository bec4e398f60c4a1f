import type { ReactNode } from 'react';

import classes from './layout.module.css';
import { SiteFooter } from './site-footer';

/**
 * The frame every page sits in: a skip link, the given header, the main landmark (target of the
 * skip link) and the footer.
 */
export function PageFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.page}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      {header}
      <main id="main-content" className={classes.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
