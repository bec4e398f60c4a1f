import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

import { loginPathFor } from '@/lib/navigation';

/** For visitors on /jobs/{id}: sign up to bid, or log in and come back here. */
export function VisitorCallToAction({ postingId }: { postingId: string }) {
  return (
    <Paper
      withBorder
      p="lg"
      shadow="xs"
      component="section"
      aria-labelledby="visitor-cta-title"
      bg="tenens.0"
      style={{ borderColor: 'var(--mantine-color-tenens-2)' }}
    >
      <Stack gap="sm">
        <Title order={2} fz="md" id="visitor-cta-title">
          Interested in this job?
        </Title>
        <Text fz="sm" c="gray.8">
          Create a free account to bid on this job. You negotiate the rate directly with the facility, with no recruiter in between.
        </Text>
        <Button component={Link} to="/register" leftSection={<IconUserPlus size={18} />} fullWidth>
          Sign up to bid for this job
        </Button>
        <Text fz="sm" c="gray.7" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to={loginPathFor(`/jobs/${postingId}`)} state={{ from: `/jobs/${postingId}` }} fw={600} fz="sm">
            Log in
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
