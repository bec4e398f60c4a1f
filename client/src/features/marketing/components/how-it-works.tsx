import { Container, Paper, Stack, Text, Title } from '@mantine/core';

import classes from './marketing.module.css';

const steps = [
  {
    title: 'The facility posts a job',
    text: 'Dates, schedule, requirements and the hourly rate it is offering.',
  },
  {
    title: 'A CRNA bids',
    text: 'Verified providers bid the posted rate or propose their own.',
  },
  {
    title: 'The facility accepts',
    text: 'Or counters, and the provider accepts or declines the counter.',
  },
  {
    title: 'Both are connected by email',
    text: 'Once the rate is agreed, Tenens emails both of you so you can plan the assignment together.',
  },
];

export function HowItWorks() {
  return (
    <section className={`${classes.section} ${classes.sectionAlt}`} aria-labelledby="how-title">
      <Container>
        <Stack gap={8} mb={40} maw={640}>
          <Text fz="sm" fw={700} c="tenens.8" tt="uppercase" lts={0.8}>
            How it works
          </Text>
          <Title id="how-title" order={2}>
            From posting to connection in four steps
          </Title>
        </Stack>
        <ol className={classes.steps}>
          {steps.map((step, index) => (
            <li key={step.title}>
              <Paper withBorder p="lg" h="100%" bg="gray.0">
                <Stack gap="sm">
                  <span className={classes.stepNumber} aria-hidden>
                    {index + 1}
                  </span>
                  <Title order={3} fz="lg">
                    {step.title}
                  </Title>
                  <Text c="dimmed" fz="sm" lh={1.6}>
                    {step.text}
                  </Text>
                </Stack>
              </Paper>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
