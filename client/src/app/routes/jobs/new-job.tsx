import { Container } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';

import { PageHeader } from '@/components/ui/page-header';
import { useCreatePosting } from '@/features/postings/api/create-posting';
import { RateInsight } from '@/features/insights/components/rate-insight';
import { JobForm, type RateInsightJob } from '@/features/postings/components/job-form';
import { UnverifiedFacilityNotice, facilityMayPost } from '@/features/postings/components/unverified-facility-notice';
import { notifySuccess } from '@/lib/notify';
import { currentUserAtom } from '@/stores/session';

/** /jobs/new: 'Post New Job'. Creates a draft, then shows it at /jobs/{id}. */
export function NewJobRoute() {
  const user = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const create = useCreatePosting();
  const mayPost = facilityMayPost(user);

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }} w="100%">
      <title>Post New Job · Tenens</title>
      <PageHeader
        eyebrow={user?.facility?.name ?? 'Your facility'}
        title="Post New Job"
        description={mayPost ? 'Describe the job, its schedule and the hourly rate you offer.' : undefined}
      />
      {mayPost ? (
        <JobForm
          cancelTo="/dashboard"
          rateInsight={marketRates}
          submitLabel="Save draft"
          onSubmit={async (payload) => {
            const posting = await create.mutateAsync(payload);
            notifySuccess('Draft saved. Review it, then publish it to get applications.');
            await navigate(`/jobs/${posting.id}`);
          }}
        />
      ) : (
        <UnverifiedFacilityNotice user={user} />
      )}
    </Container>
  );
}

/** Beside the hourly rate: what connections agreed on for the role and state typed so far. */
function marketRates(job: RateInsightJob) {
  return <RateInsight roleType={job.roleType} state={job.state} yourRate={job.hourlyRate} />;
}
