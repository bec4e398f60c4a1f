import { Grid, Paper, Skeleton, Stack } from '@mantine/core';

import { loadingRegion } from '@/components/ui/loading-region';

/** The outline of a sectioned profile form while it loads. */
export function FormSkeleton({ sections = 3, label }: { sections?: number; label: string }) {
  return (
    <Stack gap="lg" {...loadingRegion(label)}>
      {Array.from({ length: sections }, (_, section) => (
        <Paper key={section} withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Skeleton h={18} w="60%" mb="xs" />
              <Skeleton h={12} w="90%" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <Skeleton h={42} />
                <Skeleton h={42} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Paper>
      ))}
    </Stack>
  );
}
