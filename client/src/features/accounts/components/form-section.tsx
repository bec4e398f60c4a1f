import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * One titled group of a profile form: the title and a sentence on the left (above on phones),
 * the fields on the right. A <section> named by its title for screen-reader navigation.
 */
export function FormSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }} aria-labelledby={id}>
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap={4}>
            <Title order={2} fz="md" id={id}>
              {title}
            </Title>
            {description && (
              <Text fz="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">{children}</Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
