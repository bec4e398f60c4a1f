import { TermsOfUse } from '@/features/legal/components/terms-of-use';

/** /terms */
export function TermsRoute() {
  return <TermsOfUse />;
}
