import { env } from '@/config/env';

import classes from './layout.module.css';

/** 'v' + build id in a corner, in production builds only. */
export function VersionLabel() {
  if (!env.isProduction) return null;
  return (
    <div className={classes.versionLabel} data-testid="version-label">
      v{env.buildId}
    </div>
  );
}
