import { Container } from '@mantine/core';

import { PageHeader } from '@/components/ui/page-header';
import { JobSearch } from '@/features/postings/components/job-search';

/** /jobs (applicants): the job search with the applicant's saved filters. */
export function JobSearchRoute() {
  return (
    <Container py={{ base: 'xl', sm: 48 }} w="100%">
      <title>Job Search · Tenens</title>
      <PageHeader
        eyebrow="Jobs"
        title="Job Search"
        description="Active jobs from verified facilities. Your filters are saved for next time."
      />
      <JobSearch savesFilters />
    </Container>
  );
}
