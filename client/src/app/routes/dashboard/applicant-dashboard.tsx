import { accountMessages } from '@domain/accounts/messages';
import { Badge, Container, Tabs } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconClipboardList, IconSearch } from '@tabler/icons-react';

import { PageHeader } from '@/components/ui/page-header';
import { ApplicationsTab } from '@/features/bids/components/applications-tab';
import { JobSearch } from '@/features/postings/components/job-search';
import type { UserView } from '@domain/accounts/user-view';

export const APPLICANT_TABS = ['applications', 'search'] as const;
export type ApplicantTab = (typeof APPLICANT_TABS)[number];

/** Where the chosen tab is remembered between visits (part 1 §2). */
export const APPLICANT_TAB_STORAGE_KEY = 'tenens.applicant-dashboard.tab';

const isTab = (value: unknown): value is ApplicantTab => (APPLICANT_TABS as readonly unknown[]).includes(value);

/** The applicant dashboard: 'Your Applications' and 'Job Search', the chosen tab kept locally. */
export function ApplicantDashboard({ user }: { user: UserView }) {
  const [tab, setTab] = useLocalStorage<ApplicantTab>({
    key: APPLICANT_TAB_STORAGE_KEY,
    defaultValue: 'applications',
    getInitialValueInEffect: false,
    deserialize: (value) => {
      try {
        const parsed: unknown = value === undefined ? undefined : JSON.parse(value);
        return isTab(parsed) ? parsed : 'applications';
      } catch {
        return 'applications';
      }
    },
  });
  const name = user.first_name?.trim();
  const pending = user.applicant?.verification_status === 'pending';

  return (
    <Container py={{ base: 'xl', sm: 48 }} w="100%">
      <title>Dashboard · Tenens</title>
      <PageHeader
        eyebrow="Your dashboard"
        title={greeting(user.first_sign_in, name)}
        description="Follow your bids and find your next job."
        actions={
          pending ? (
            <Badge color="yellow" c="#6b4e00" variant="light" size="lg">
              {accountMessages.verificationPending}
            </Badge>
          ) : undefined
        }
      />
      <Tabs value={tab} onChange={(next) => isTab(next) && setTab(next)} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="applications" leftSection={<IconClipboardList size={18} stroke={1.75} />}>
            Your Applications
          </Tabs.Tab>
          <Tabs.Tab value="search" leftSection={<IconSearch size={18} stroke={1.75} />}>
            Job Search
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="applications">
          <ApplicationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="search">
          <JobSearch savesFilters />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

/** A newcomer's first session says "Welcome"; every later one "Welcome back". */
function greeting(firstSignIn: boolean, name: string | undefined): string {
  const words = firstSignIn ? 'Welcome' : 'Welcome back';
  return name ? `${words}, ${name}` : words;
}
