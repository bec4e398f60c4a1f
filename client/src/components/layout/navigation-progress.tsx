import { useNavigation } from 'react-router';

import classes from './layout.module.css';

/** A thin bar at the top while the router loads the next page. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className={classes.progress} role="progressbar" aria-label="Loading page">
      <div className={classes.progressBar} />
    </div>
  );
}
