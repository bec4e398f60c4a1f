import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router';

import { BILLING_TEXT } from '@domain/billing/billing-text';

import { PageLoader } from '@/components/ui/page-loader';
import { useFacilityPermissions } from '@/features/auth/api/get-facility-permissions';
import { PaymentHistory } from '@/features/billing/components/payment-history';
import { canManageBilling } from '@/lib/authorization';
import { currentUserAtom } from '@/stores/session';

/** /payment-history: members who may manage billing (legacy admin, admin, can_manage_billing). */
export function PaymentHistoryRoute() {
  const user = useAtomValue(currentUserAtom);
  const permissions = useFacilityPermissions();
  if (permissions.isPending) return <PageLoader label={BILLING_TEXT.paymentsLoading} />;
  if (!canManageBilling(permissions.data)) return <Navigate to="/dashboard" replace />;
  return <PaymentHistory facilityName={user?.facility?.name} />;
}
