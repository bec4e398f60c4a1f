import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowsExchange, IconHeartHandshake, IconShieldCheck, IconUserOff } from '@tabler/icons-react';
import { Link } from 'react-router';

const principles = [
  {
    icon: IconHeartHandshake,
    title: 'No middlemen',
    text: 'Facilities and providers talk to each other directly, so the rate agreed is the rate worked.',
  },
  {
    icon: IconShieldCheck,
    title: 'Only vetted members',
    text: 'We verify every facility before it posts and every CRNA or anesthesiologist before they bid.',
  },
  {
    icon: IconArrowsExchange,
    title: 'Rates negotiated openly',
    text: 'Bids and counters happen in the app, with the whole history on record for both sides.',
  },
  {
    icon: IconUserOff,
    title: 'No recruiters',
    text: 'Traditional recruiters and staffing agencies are not allowed to post or bid.',
  },
];

/** /about */
export function About() {
  return (
    <Container size={860} w="100%" px={{ base: 'md', sm: 'lg' }} py={{ base: 'xl', sm: 48 }}>
      <title>About · Tenens</title>
      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 48 }}>
        <Stack gap="lg">
          <Stack gap={6}>
            <Text fz="sm" fw={700} c="tenens.8" tt="uppercase" lts={0.8}>
              About Tenens
            </Text>
            <Title order={1} fz={{ base: 28, sm: 36 }}>
              Anesthesia staffing without the agency in the middle
            </Title>
          </Stack>
          <Text fz="lg" c="gray.7" lh={1.65}>
            Tenens is a marketplace for temporary and contract anesthesia work. Surgery centers, hospitals, pain management and specialty
            clinics post the jobs they need covered at an hourly rate; CRNAs and anesthesiologists bid on them, and either side can counter
            until they agree. When they do, we connect them by email.
          </Text>
          <Text c="gray.7" lh={1.65}>
            Temporary anesthesia staffing usually runs through recruiters who stand between the facility and the clinician. On Tenens the
            two decide together, directly. Tenens is a platform, not an employment agency: we make the introduction, and the two of you
            agree the engagement.
          </Text>

          <Title order={2} fz={22} mt="md">
            What we stand for
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {principles.map(({ icon: PrincipleIcon, title, text }) => (
              <Group key={title} align="flex-start" gap="md" wrap="nowrap">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                  <PrincipleIcon size={22} stroke={1.6} />
                </ThemeIcon>
                <Stack gap={4}>
                  <Title order={3} fz="md">
                    {title}
                  </Title>
                  <Text fz="sm" c="dimmed" lh={1.6}>
                    {text}
                  </Text>
                </Stack>
              </Group>
            ))}
          </SimpleGrid>

          <Group gap="sm" mt="md">
            <Button component={Link} to="/" leftSection={<IconArrowLeft size={18} />}>
              Back to the home page
            </Button>
            <Button component={Link} to="/browse" variant="default">
              Browse jobs
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
