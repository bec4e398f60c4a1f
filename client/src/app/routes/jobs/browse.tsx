import { Anchor, Button, Container, Group, Paper, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';

import type { Prefetch, RendersAsServer } from '@/app/server-rendered-routes';
import { PageHeader } from '@/components/ui/page-header';
import { prefetchVisitorSearch } from '@/features/postings/api/search-postings';
import { JobSearch } from '@/features/postings/components/job-search';
import { hasVisitorFilters } from '@/features/postings/lib/search-filters';
import { currentUserAtom } from '@/stores/session';

/** A visitor's first page of jobs comes with the page: the server renders the list. */
export const prefetch: Prefetch = (queryClient, _params, search) => prefetchVisitorSearch(queryClient, search);

/** A visitor's own filters are kept in this browser: the server rendered the search without them. */
export const rendersAsServer: RendersAsServer = () => !hasVisitorFilters();

/**
 * /browse (public): the job search for everyone. Signed-in applicants get their saved filters,
 * as on /jobs; visitors are invited to sign up to bid.
 */
export function BrowseJobsRoute() {
  const user = useAtomValue(currentUserAtom);
  const applicant = user?.role === 'applicant';
  return (
    <Container py={{ base: 'xl', sm: 48 }} w="100%">
      <title>Browse jobs · Tenens</title>
      <PageHeader
        eyebrow="Browse jobs"
        title="Temporary anesthesia jobs"
        description="Active CRNA and anesthesiologist jobs posted directly by verified facilities. No recruiters, no middlemen."
      />
      {!user && (
        <Paper withBorder p="md" mb="md" bg="tenens.0" style={{ borderColor: 'var(--mantine-color-tenens-2)' }}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="sm" c="gray.8">
              Sign up to bid on these jobs and negotiate the rate in the app.{' '}
              <Anchor component={Link} to="/login?from=%2Fbrowse" fw={600} fz="sm">
                Log in
              </Anchor>{' '}
              if you already have an account.
            </Text>
            <Button component={Link} to="/register" size="sm" leftSection={<IconUserPlus size={16} />}>
              Sign up
            </Button>
          </Group>
        </Paper>
      )}
      <JobSearch savesFilters={applicant} />
    </Container>
  );
}
