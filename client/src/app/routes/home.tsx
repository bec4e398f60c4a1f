import { useAtomValue } from 'jotai';

import { Audiences } from '@/features/marketing/components/audiences';
import { Hero } from '@/features/marketing/components/hero';
import { HowItWorks } from '@/features/marketing/components/how-it-works';
import { WhyUs } from '@/features/marketing/components/why-us';
import { isSignedInAtom } from '@/stores/session';

/** / : the public landing page. */
export function HomeRoute() {
  const signedIn = useAtomValue(isSignedInAtom);
  return (
    <>
      <title>Tenens · Temporary anesthesia staffing, negotiated directly</title>
      <Hero signedIn={signedIn} />
      <WhyUs />
      <HowItWorks />
      <Audiences signedIn={signedIn} />
    </>
  );
}
