import type { ReactNode } from 'react';

import classes from './bids.module.css';

export interface BidFact {
  label: string;
  value: ReactNode;
  /** A smaller second line, e.g. '8% more than the posted rate'. */
  hint?: ReactNode;
}

/** Label/value pairs as a description list, in a grid that wraps on narrow screens. */
export function BidFacts({ facts }: { facts: readonly BidFact[] }) {
  return (
    <dl className={classes.facts}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt className={classes.factLabel}>{fact.label}</dt>
          <dd className={classes.factValue}>
            {fact.value}
            {fact.hint && <span className={classes.factHint}>{fact.hint}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
