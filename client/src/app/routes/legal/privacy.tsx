import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';

/** /privacy */
export function PrivacyRoute() {
  return <PrivacyPolicy />;
}
