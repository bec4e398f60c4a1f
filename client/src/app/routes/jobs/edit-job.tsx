import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link, useNavigate, useParams } from 'react-router';

import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { isFacilityView, usePosting } from '@/features/postings/api/get-posting';
import { useUpdatePosting } from '@/features/postings/api/update-posting';
import { RateInsight } from '@/features/insights/components/rate-insight';
import { JobForm, type RateInsightJob } from '@/features/postings/components/job-form';
import { UnverifiedFacilityNotice, facilityMayPost } from '@/features/postings/components/unverified-facility-notice';
import { isApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { currentUserAtom } from '@/stores/session';

function Problem({ title, children }: { title: string; children?: string }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} />} title={title}>
      <Stack gap="sm" align="flex-start">
        {children && <Text fz="sm">{children}</Text>}
        <Button component={Link} to="/dashboard" size="xs" variant="default" leftSection={<IconArrowLeft size={16} />}>
          Back to dashboard
        </Button>
      </Stack>
    </Alert>
  );
}

/** /jobs/{id}/edit: 'Edit Job Posting'. Saves with PUT, then goes back to the posting. */
export function EditJobRoute() {
  const { id = '' } = useParams();
  const user = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const query = usePosting(id);
  const update = useUpdatePosting();
  const mayPost = facilityMayPost(user);

  let content;
  if (!mayPost) {
    content = <UnverifiedFacilityNotice user={user} />;
  } else if (query.isPending) {
    content = <PageLoader label="Loading job posting…" />;
  } else if (query.isError) {
    content =
      isApiError(query.error) && [400, 404, 422].includes(query.error.status) ? (
        <Problem title="Job posting not found" />
      ) : (
        <Problem title="Failed to load job posting">Check your connection and try again.</Problem>
      );
  } else if (!isFacilityView(query.data)) {
    content = <Problem title="You can only edit your own facility's job postings" />;
  } else {
    const posting = query.data;
    content = (
      <JobForm
        key={posting.id}
        posting={posting}
        cancelTo={`/jobs/${posting.id}`}
        rateInsight={marketRates}
        submitLabel="Save changes"
        onSubmit={async (payload) => {
          await update.mutateAsync({ id: posting.id, payload });
          notifySuccess('Job posting saved');
          await navigate(`/jobs/${posting.id}`);
        }}
      />
    );
  }

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }} w="100%">
      <title>Edit Job Posting · Tenens</title>
      <PageHeader eyebrow={query.data?.title ?? user?.facility?.name ?? 'Your facility'} title="Edit Job Posting" />
      {content}
    </Container>
  );
}

/** Beside the hourly rate: what connections agreed on for the role and state typed so far. */
function marketRates(job: RateInsightJob) {
  return <RateInsight roleType={job.roleType} state={job.state} yourRate={job.hourlyRate} />;
}
