import { Badge, Container, Tabs, VisuallyHidden } from '@mantine/core';
import { IconBuildingHospital, IconStethoscope } from '@tabler/icons-react';
import { useState } from 'react';

import { PageHeader } from '@/components/ui/page-header';

import { useAdminApplicants } from '../api/get-applicants';
import { useAdminFacilities } from '../api/get-facilities';
import { useAdminLiveUpdates } from '../hooks/use-admin-live-updates';
import { useErrorToast } from '../hooks/use-error-toast';
import { isAdminTab, readAdminTab, writeAdminTab, type AdminTab } from '../lib/admin-tab';
import { adminMessages } from '../lib/messages';

import { ApplicantsList } from './applicants-list';
import { ReviewerEmailNotice } from './email-verification-notice';
import { FacilitiesList } from './facilities-list';

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
 * /admin: the facilities and applicants tabs. The tab is remembered in local storage
 * ('admin-dashboard'); each tab shows how many records wait for review.
 */
export function AdminConsole() {
  const [tab, setTab] = useState<AdminTab>(readAdminTab);
  const facilities = useAdminFacilities();
  const applicants = useAdminApplicants();
  useAdminLiveUpdates();
  useErrorToast(facilities.error, adminMessages.facilitiesLoadFailed);
  useErrorToast(applicants.error, adminMessages.applicantsLoadFailed);

  const pendingFacilities = facilities.data?.filter((facility) => facility.verification_status === 'pending').length;
  const pendingApplicants = applicants.data?.filter((applicant) => applicant.verification_status === 'pending').length;

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
      />
      <ReviewerEmailNotice />
      <Tabs value={tab} onChange={choose} variant="outline" radius="md">
        <Tabs.List mb="lg">
          <Tabs.Tab
            value="facilities"
            leftSection={<IconBuildingHospital size={18} stroke={1.75} />}
            rightSection={<PendingCount count={pendingFacilities} />}
          >
            Facilities
          </Tabs.Tab>
          <Tabs.Tab
            value="applicants"
            leftSection={<IconStethoscope size={18} stroke={1.75} />}
            rightSection={<PendingCount count={pendingApplicants} />}
          >
            Applicants
          </Tabs.Tab>
        </Tabs.List>
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
