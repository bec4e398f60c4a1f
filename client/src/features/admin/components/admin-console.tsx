import { Badge, Button, Container, Tabs, VisuallyHidden } from '@mantine/core';
import { IconBuildingHospital, IconHistory, IconInbox, IconStethoscope } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { PageHeader } from '@/components/ui/page-header';

import { useAdminApplicants } from '../api/get-applicants';
import { useAdminFacilities } from '../api/get-facilities';
import { useReviewQueue } from '../api/get-review-queue';
import { useAdminLiveUpdates } from '../hooks/use-admin-live-updates';
import { useErrorToast } from '../hooks/use-error-toast';
import { isAdminTab, readAdminTab, writeAdminTab, type AdminTab } from '../lib/admin-tab';
import { adminMessages } from '../lib/messages';
import { reviewMessages } from '../lib/review-queue';

import { ApplicantsList } from './applicants-list';
import { ReviewerEmailNotice } from './email-verification-notice';
import { FacilitiesList } from './facilities-list';
import { ReviewQueue } from './review-queue';

function PendingCount({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Badge size="sm" color="yellow" variant="filled" c="#5c3600" bg="yellow.3" radius="xl">
      {count}
      <VisuallyHidden> pending</VisuallyHidden>
    </Badge>
  );
}

/**
 * /admin: the review queue (first, the default), facilities and applicants tabs. The tab is
 * remembered in local storage ('admin-dashboard'); the queue's whole counts say how many records
 * of each kind wait for review (the lists are capped, the counts are not).
 */
export function AdminConsole() {
  const [tab, setTab] = useState<AdminTab>(readAdminTab);
  const queue = useReviewQueue();
  const facilities = useAdminFacilities();
  const applicants = useAdminApplicants();
  useAdminLiveUpdates();
  useErrorToast(queue.error, reviewMessages.loadFailed);
  useErrorToast(facilities.error, adminMessages.facilitiesLoadFailed);
  useErrorToast(applicants.error, adminMessages.applicantsLoadFailed);

  const counts = queue.data?.counts;

  const choose = (value: string | null) => {
    if (!isAdminTab(value)) return;
    setTab(value);
    writeAdminTab(value);
  };

  return (
    <Container py={{ base: 'xl', sm: 48 }} w="100%">
      <title>Admin Dashboard · Tenens</title>
      <PageHeader
        eyebrow="Platform admin"
        title="Admin Dashboard"
        description="Review and verify facilities and applicants, and keep their records up to date."
        actions={
          <Button component={Link} to="/admin/audit" variant="default" leftSection={<IconHistory size={16} stroke={1.75} aria-hidden />}>
            Audit log
          </Button>
        }
      />
      <ReviewerEmailNotice />
      <Tabs value={tab} onChange={choose} variant="outline" radius="md">
        <Tabs.List mb="lg">
          <Tabs.Tab value="queue" leftSection={<IconInbox size={18} stroke={1.75} />}>
            {reviewMessages.tab(counts && counts.facilities + counts.applicants)}
          </Tabs.Tab>
          <Tabs.Tab
            value="facilities"
            leftSection={<IconBuildingHospital size={18} stroke={1.75} />}
            rightSection={<PendingCount count={counts?.facilities} />}
          >
            Facilities
          </Tabs.Tab>
          <Tabs.Tab
            value="applicants"
            leftSection={<IconStethoscope size={18} stroke={1.75} />}
            rightSection={<PendingCount count={counts?.applicants} />}
          >
            Applicants
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="queue">
          <ReviewQueue queue={queue.data} isLoading={queue.isPending} error={queue.error} onRetry={() => void queue.refetch()} />
        </Tabs.Panel>
        <Tabs.Panel value="facilities">
          <FacilitiesList
            facilities={facilities.data}
            isLoading={facilities.isPending}
            error={facilities.error}
            onRetry={() => void facilities.refetch()}
          />
        </Tabs.Panel>
        <Tabs.Panel value="applicants">
          <ApplicantsList
            applicants={applicants.data}
            isLoading={applicants.isPending}
            error={applicants.error}
            onRetry={() => void applicants.refetch()}
          />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
