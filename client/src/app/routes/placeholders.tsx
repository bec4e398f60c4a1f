/**
 * TEMPORARY. Every route of the spec's table whose page is not built yet renders a 'coming soon'
 * card from this one file. To build a page: add app/routes/<page>.tsx, point its entry in
 * app/router.tsx at it, and delete its line here. When this file is empty, delete it.
 */
import { Badge, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';

import { isSignedInAtom } from '@/stores/session';

function comingSoon(title: string, description: string) {
  function ComingSoon() {
    const signedIn = useAtomValue(isSignedInAtom);
    return (
      <Container size="sm" w="100%" py={{ base: 'xl', sm: 64 }}>
        <title>{`${title} · Tenens`}</title>
        <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 40 }}>
          <Stack gap="md" align="flex-start">
            <Group gap="sm">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <IconTools size={24} stroke={1.6} />
              </ThemeIcon>
              <Badge color="gray" variant="light">
                Coming soon
              </Badge>
            </Group>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            <Text c="dimmed">{description}</Text>
            <Text c="dimmed" fz="sm">
              This page is not available yet. Please check back soon.
            </Text>
            <Button
              component={Link}
              to={signedIn ? '/dashboard' : '/'}
              variant="default"
              leftSection={<IconArrowLeft size={18} />}
            >
              {signedIn ? 'Back to your dashboard' : 'Back to the home page'}
            </Button>
          </Stack>
        </Paper>
      </Container>
    );
  }
  ComingSoon.displayName = `ComingSoon(${title})`;
  return ComingSoon;
}

// Public
export const BrowseJobsPlaceholder = comingSoon('Browse jobs', 'Search active temporary anesthesia jobs from verified facilities.');
export const JobPostingPlaceholder = comingSoon('Job posting', 'The details of a job posting, and a way to bid on it.');
export const RegisterPlaceholder = comingSoon('Create your account', 'Sign up as a facility or as a CRNA or anesthesiologist.');
export const VerifyEmailPlaceholder = comingSoon('Verify your email', 'Confirm your email address to activate your account.');
export const ForgotPasswordPlaceholder = comingSoon('Forgot your password?', 'Request a link to reset your password.');
export const ResetPasswordPlaceholder = comingSoon('Reset your password', 'Choose a new password for your account.');

// Any signed-in user
export const UserProfilePlaceholder = comingSoon('Account', 'Your name, email address and password.');

// Applicants
export const JobSearchPlaceholder = comingSoon('Jobs', 'Search jobs that match your license and preferences.');
export const ApplicantProfilePlaceholder = comingSoon('My Profile', 'Your license, experience and job alert settings.');

// Facility members
export const NewJobPlaceholder = comingSoon('Post New Job', 'Describe the job, its schedule and the hourly rate you offer.');
export const EditJobPlaceholder = comingSoon('Edit Job Posting', 'Change the details of one of your postings.');
export const FacilityProfilePlaceholder = comingSoon('Facility Profile', 'Your facility’s name, address and contact details.');
export const PaymentHistoryPlaceholder = comingSoon('Payments', 'Posting fees, credits and the payments made for your postings.');
export const FacilityUsersPlaceholder = comingSoon('Facility Users', 'Invite colleagues and choose what each of them may do.');

// System admins
export const AdminConsolePlaceholder = comingSoon('Admin Dashboard', 'Review and verify facilities and applicants.');
export const AdminFacilityPlaceholder = comingSoon('Facility details', 'One facility’s record, users and admin notes.');
export const AdminApplicantPlaceholder = comingSoon('Applicant details', 'One applicant’s record and admin notes.');
