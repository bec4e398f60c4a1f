import { Anchor, Box, Container, Divider, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';

import classes from './legal.module.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A legal page: title, date line, an 'On this page' list of its sections, then the sections
 * (each an h2 with an anchor) in readable measure.
 */
export function LegalDocument({
  title,
  dateLine,
  intro,
  sections,
}: {
  title: string;
  dateLine: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <Container size={860} w="100%" px={{ base: 'md', sm: 'lg' }} py={{ base: 'xl', sm: 48 }}>
      <title>{`${title} · Tenens`}</title>
      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 48 }}>
        <Stack gap={6} mb="lg">
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {title}
          </Title>
          <Text c="dimmed" fz="sm">
            {dateLine}
          </Text>
        </Stack>
        <Typography className={classes.prose}>{intro}</Typography>

        <Box component="nav" aria-labelledby="toc-title" className={classes.toc} my="xl">
          <Text id="toc-title" fw={700} fz="sm" mb="xs" c="gray.8">
            On this page
          </Text>
          <ol className={classes.tocList}>
            {sections.map((section) => (
              <li key={section.id}>
                <Anchor href={`#${section.id}`} fz="sm">
                  {section.title}
                </Anchor>
              </li>
            ))}
          </ol>
        </Box>

        <Divider mb="xl" />

        <Typography className={classes.prose}>
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id}>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </Typography>
      </Paper>
    </Container>
  );
}
