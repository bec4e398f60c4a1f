import { Button, Container, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingHospital, IconCheck, IconStethoscope } from '@tabler/icons-react';
import { Link } from 'react-router';

import classes from './marketing.module.css';

const check = (
  <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
    <IconCheck size={13} stroke={2.5} />
  </ThemeIcon>
);

/** Who Tenens is for, with a way in for each side. */
export function Audiences({ signedIn }: { signedIn: boolean }) {
  return (
    <section className={classes.section} aria-label="Who Tenens is for">
      <Container>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder p={{ base: 'lg', sm: 'xl' }} shadow="xs">
            <Stack gap="md" h="100%">
              <ThemeIcon size={44} radius="md" aria-hidden>
                <IconBuildingHospital size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={2} fz={22}>
                For facilities
              </Title>
              <Text c="dimmed">Surgery centers, hospitals, pain management and specialty clinics that need anesthesia coverage.</Text>
              <List spacing="xs" icon={check} fz="sm">
                <List.Item>Post a job with your dates, schedule and hourly rate</List.Item>
                <List.Item>Watch bids arrive and answer them in one place</List.Item>
                <List.Item>Invite colleagues and choose what each of them may do</List.Item>
              </List>
              {!signedIn && (
                <Button component={Link} to="/register" mt="auto" variant="light" w="fit-content">
                  Create a facility account
                </Button>
              )}
            </Stack>
          </Paper>
          <Paper withBorder p={{ base: 'lg', sm: 'xl' }} shadow="xs">
            <Stack gap="md" h="100%">
              <ThemeIcon size={44} radius="md" aria-hidden>
                <IconStethoscope size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={2} fz={22}>
                For CRNAs and anesthesiologists
              </Title>
              <Text c="dimmed">Temporary and contract work on your terms, at a rate you negotiate yourself.</Text>
              <List spacing="xs" icon={check} fz="sm">
                <List.Item>Search active jobs by location, license and procedure</List.Item>
                <List.Item>Bid the posted rate or propose your own</List.Item>
                <List.Item>Get job alerts daily or weekly</List.Item>
              </List>
              {signedIn ? null : (
                <Button component={Link} to="/browse" mt="auto" variant="light" w="fit-content">
                  Browse open jobs
                </Button>
              )}
            </Stack>
          </Paper>
        </SimpleGrid>
      </Container>
    </section>
  );
}
