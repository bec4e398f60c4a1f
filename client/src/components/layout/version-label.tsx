import { env } from '@/config/env';

import classes from './layout.module.css';

/** 'v' + build id in the footer's line, in production builds only: it never covers content. */
export function VersionLabel() {
  if (!env.isProduction) return null;
  return (
    <span className={classes.versionLabel} data-testid="version-label">
      v{env.buildId}
    </span>
  );
}
