import { Alert, Anchor, Badge, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconMapSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Suspense, lazy, useState } from 'react';
import { Link, useParams } from 'react-router';

import { memberMay } from '@domain/facility-members';
import { REQUIRED_FLAG } from '@domain/postings';

import type { Prefetch } from '@/app/server-rendered-routes';
import { PageLoader } from '@/components/ui/page-loader';
import { useApplicantProfile } from '@/features/accounts/api/get-applicant-profile';
import { useFacilityPermissions } from '@/features/auth/api/get-facility-permissions';
import { useBillingConfig } from '@/features/billing/api/get-billing-config';
import type { CheckoutPosting } from '@/features/billing/components/checkout-dialog';
import { isFacilityView, postingQueryOptions, usePosting } from '@/features/postings/api/get-posting';
import { postingKeys } from '@/features/postings/api/keys';
import { PostingDetails, PostingFacilityLine, PostingSummary } from '@/features/postings/components/posting-details';
import {
  DraftNotice,
  FilledNotice,
  PostedBy,
  PostingHeaderActions,
  PostingStatusCard,
} from '@/features/postings/components/posting-management';
import { PostingStatusBadge } from '@/features/postings/components/posting-status-badge';
import classes from '@/features/postings/components/postings.module.css';
import { RetryAlert } from '@/features/postings/components/retry-alert';
import { VisitorCallToAction } from '@/features/postings/components/visitor-call-to-action';
import { usePostingLiveUpdates } from '@/features/postings/hooks/use-posting-live-updates';
import { isApiError } from '@/lib/api-client';
import { canManageBilling } from '@/lib/authorization';
import { currentUserAtom } from '@/stores/session';

// A visitor reads the posting and a call to action: the bid forms (applicants) and the applicants
// list (the facility) load only for those who see them, keeping the public job page light.
const BidSection = lazy(() => import('@/features/bids/components/bid-section').then((m) => ({ default: m.BidSection })));
// Market rates are for applicants about to bid: loaded with the bid form, never for visitors.
const RateInsight = lazy(() => import('@/features/insights/components/rate-insight').then((m) => ({ default: m.RateInsight })));
const PostingApplicants = lazy(() =>
  import('@/features/bids/components/posting-applicants').then((m) => ({ default: m.PostingApplicants })),
);
// Billing (its history and the checkout) is for the facility's members and platform admins.
const BillingHistory = lazy(() => import('@/features/billing/components/billing-history').then((m) => ({ default: m.BillingHistory })));
const CheckoutDialog = lazy(() => import('@/features/billing/components/checkout-dialog').then((m) => ({ default: m.CheckoutDialog })));

export const POSTING_PAGE_MESSAGES = {
  loadFailed: 'Failed to load job posting',
  notFound: 'Job posting not found',
} as const;

/** The server renders a visitor's job page with the posting in it (app/server-rendered-routes.ts). */
export const prefetch: Prefetch = (queryClient, { id = '' }) => queryClient.fetchQuery(postingQueryOptions(id));

function NotFound() {
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }} w="100%">
      <title>Job posting not found · Tenens</title>
      <Paper withBorder p={{ base: 'lg', sm: 40 }} shadow="xs">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconMapSearch size={30} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {POSTING_PAGE_MESSAGES.notFound}
          </Title>
          <Text c="gray.7" maw={440}>
            It may have been withdrawn, or the link may be mistyped.
          </Text>
          <Button component={Link} to="/browse">
            Browse jobs
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

/**
 * /jobs/{id} (public). Visitors: summary, details and a sign-up prompt. The posting's own
 * facility: header actions, the draft warning, status, posted-by and the applicants. Applicants:
 * details and the bid section.
 */
export function JobPostingRoute() {
  const { id = '' } = useParams();
  const user = useAtomValue(currentUserAtom);
  const { data: permissions } = useFacilityPermissions();
  const query = usePosting(id);
  usePostingLiveUpdates(id || undefined);
  // The applicant's license state, to warn before bidding on a job that requires another.
  const profile = useApplicantProfile(user?.role === 'applicant');
  const queryClient = useQueryClient();
  const [checkout, setCheckout] = useState<CheckoutPosting | null>(null);
  const facilityMember = user?.role === 'facility_admin';
  const billingConfig = useBillingConfig(facilityMember);

  if (query.isPending) return <PageLoader label="Loading job posting…" />;
  if (query.isError) {
    if (isApiError(query.error) && [400, 404, 422].includes(query.error.status)) return <NotFound />;
    return (
      <Container size="sm" py={{ base: 48, sm: 80 }} w="100%">
        <title>{`${POSTING_PAGE_MESSAGES.loadFailed} · Tenens`}</title>
        <RetryAlert title={POSTING_PAGE_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
      </Container>
    );
  }

  const posting = query.data;
  const facilityView = isFacilityView(posting) ? posting : null;
  // Members of the posting's facility act on it; admins see the same view without the actions.
  const member = facilityView && user?.role === 'facility_admin' ? facilityView : null;
  // Platform admins read the applicants and their negotiations without acting on them.
  const seesApplicants = (member !== null || (facilityView !== null && !!user?.is_admin)) && posting.status !== 'draft';
  const applicant = user?.role === 'applicant';
  const visitor = !user;

  // Billing history: the facility's billing managers and admins (part 2 section 2).
  const seesBilling =
    !!facilityView && facilityView.status !== 'draft' && (!!user?.is_admin || (!!member && canManageBilling(permissions)));
  const refreshPaidPosting = (postingId: string) => {
    void queryClient.invalidateQueries({ queryKey: postingKeys.detail(postingId) });
    void queryClient.invalidateQueries({ queryKey: postingKeys.mine() });
    void queryClient.invalidateQueries({ queryKey: postingKeys.searches() });
  };

  const back = member
    ? { to: '/dashboard', label: 'Your job postings' }
    : applicant
      ? { to: '/jobs', label: 'Job search' }
      : { to: '/browse', label: 'Browse jobs' };

  const aside = (
    <Stack gap="md" className={classes.postingAside}>
      {visitor && <VisitorCallToAction postingId={posting.id} />}
      {applicant && (
        <Suspense fallback={<PageLoader label="Loading your bid…" />}>
          <BidSection
            posting={posting}
            licenseState={profile.data?.license_state ?? null}
            rateInsight={(rate) => (
              <Suspense fallback={null}>
                <RateInsight roleType={posting.role_type} state={posting.required_license_state} yourRate={rate} />
              </Suspense>
            )}
            licenseExpiresAt={profile.data?.license_expires_at ?? null}
          />
        </Suspense>
      )}
      {facilityView && <PostingStatusCard posting={facilityView} member={member !== null} />}
      {facilityView && <PostedBy posting={facilityView} />}
    </Stack>
  );

  return (
    <Container py={{ base: 'lg', sm: 40 }} w="100%">
      <title>{`${posting.title} · Tenens`}</title>
      <Stack gap="lg">
        <Anchor component={Link} to={back.to} fz="sm" c="gray.7" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {back.label}
          </Group>
        </Anchor>

        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={8} style={{ flex: '1 1 420px', minWidth: 0 }}>
            <Group gap="xs">
              <Badge variant="light" color="tenens" c="tenens.9">
                {posting.role_type}
              </Badge>
              {(facilityView || posting.status !== 'active') && <PostingStatusBadge status={posting.status} />}
            </Group>
            <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
              {posting.title}
            </Title>
            <PostingFacilityLine posting={posting} />
          </Stack>
          {member && user && (
            <PostingHeaderActions
              posting={member}
              user={user}
              mayAct={(action) => memberMay(permissions, REQUIRED_FLAG[action])}
              monthlyRate={billingConfig.data?.job_posting_monthly_rate}
              onPaymentRequired={(paying) => setCheckout({ id: paying.id, title: paying.title })}
            />
          )}
        </Group>

        {facilityView && (
          <DraftNotice
            posting={facilityView}
            onPay={
              member && memberMay(permissions, REQUIRED_FLAG.publish)
                ? () => setCheckout({ id: member.id, title: member.title })
                : undefined
            }
          />
        )}
        {facilityView && <FilledNotice posting={facilityView} mayReopen={!!member && memberMay(permissions, REQUIRED_FLAG.reopen)} />}
        {!facilityView && posting.status === 'expired' && (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={20} />}>
            This posting has expired and no longer takes applications.
          </Alert>
        )}

        {seesApplicants && (
          <Suspense fallback={<PageLoader label="Loading applicants…" />}>
            <PostingApplicants
              postingId={posting.id}
              canManageBids={member !== null && memberMay(permissions, 'can_manage_bids')}
              requiredLicenseState={posting.required_license_state}
            />
          </Suspense>
        )}

        <PostingSummary posting={posting} />

        <div className={classes.postingLayout}>
          {aside}
          <div className={classes.postingDetails}>
            <PostingDetails posting={posting} />
          </div>
        </div>

        {seesBilling && (
          <Suspense fallback={<PageLoader label="Loading billing…" />}>
            <BillingHistory postingId={posting.id} />
          </Suspense>
        )}
      </Stack>
      {member && (
        <Suspense fallback={null}>
          <CheckoutDialog posting={checkout} onClose={() => setCheckout(null)} onPaid={refreshPaidPosting} />
        </Suspense>
      )}
    </Container>
  );
}
