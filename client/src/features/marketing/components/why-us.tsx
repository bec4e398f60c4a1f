import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsExchange, IconHeartHandshake, IconShieldCheck, IconUserOff, type Icon } from '@tabler/icons-react';

import classes from './marketing.module.css';

interface Reason {
  icon: Icon;
  title: string;
  text: string;
}

const reasons: Reason[] = [
  {
    icon: IconHeartHandshake,
    title: 'No middlemen',
    text: 'Facilities and providers deal with each other directly. Nobody sits between the rate a facility offers and the rate a provider earns.',
  },
  {
    icon: IconShieldCheck,
    title: 'Only vetted facilities and CRNAs',
    text: 'Every facility is verified before it can post, and every provider confirms their identity and license before they can bid.',
  },
  {
    icon: IconArrowsExchange,
    title: 'Rate negotiated in the app',
    text: 'Accept the posted hourly rate or propose your own. Either side can counter until you agree, and every offer is on record.',
  },
  {
    icon: IconUserOff,
    title: 'Traditional recruiters are not allowed',
    text: 'Tenens is for facilities and clinicians only. Staffing agencies and recruiters cannot post jobs or bid on them.',
  },
];

export function WhyUs() {
  return (
    <section className={classes.section} aria-labelledby="why-title">
      <Container>
        <Stack gap={8} mb={40} maw={640}>
          <Text fz="sm" fw={700} c="tenens.8" tt="uppercase" lts={0.8}>
            Why Tenens
          </Text>
          <Title id="why-title" order={2}>
            A direct line between facilities and anesthesia providers
          </Title>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {reasons.map(({ icon: ReasonIcon, title, text }) => (
            <Stack key={title} gap="sm">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                <ReasonIcon size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg">
                {title}
              </Title>
              <Text c="dimmed" fz="sm" lh={1.6}>
                {text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
