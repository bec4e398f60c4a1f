import { Badge, Box, Button, Container, Divider, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBuildingHospital, IconCircleCheck, IconSearch, IconStethoscope } from '@tabler/icons-react';
import { Link } from 'react-router';

import classes from './marketing.module.css';

/** The example's moves, each with its side's icon. */
const EXAMPLE_MOVES = [
  { icon: IconBuildingHospital, move: 'Facility posts', rate: '$185/hr' },
  { icon: IconStethoscope, move: 'CRNA bids', rate: '$175/hr' },
  { icon: IconBuildingHospital, move: 'Facility counters', rate: '$180/hr' },
];

/** An illustrative negotiation, so the idea is clear at a glance. */
function NegotiationExample() {
  return (
    <Paper
      withBorder
      shadow="lg"
      p="lg"
      className={classes.exampleCard}
      role="img"
      aria-label="Example: a facility posts a CRNA job at $185 an hour, a CRNA bids $175, the facility counters at $180, the CRNA accepts and both are connected."
    >
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={700} c="gray.9">
            CRNA, general and orthopedic cases
          </Text>
          <Text fz="sm" c="dimmed">
            Ambulatory Surgery Center · Austin, TX
          </Text>
        </Stack>
        <Badge color="tenens" style={{ flexShrink: 0 }}>
          Active
        </Badge>
      </Group>
      <Stack gap={8}>
        {EXAMPLE_MOVES.map(({ icon: Icon, move, rate }) => (
          <div key={move} className={classes.exampleRow}>
            <Group gap={8} wrap="nowrap">
              <Icon size={18} stroke={1.75} color="var(--mantine-color-gray-6)" />
              <Text fz="sm">{move}</Text>
            </Group>
            <Text fz="sm" fw={700}>
              {rate}
            </Text>
          </div>
        ))}
      </Stack>
      <Divider my="md" />
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={28} radius="xl" color="green" variant="light">
          <IconCircleCheck size={18} />
        </ThemeIcon>
        {/* tenens.9, not green.9: green.9 reaches only 4.4:1 on white for small text. */}
        <Text fz="sm" fw={600} c="tenens.9">
          Connection made · both sides emailed
        </Text>
      </Group>
    </Paper>
  );
}

export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container>
        <Grid gap={{ base: 40, md: 56 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Text fz="sm" fw={700} c="tenens.8" tt="uppercase" lts={0.8}>
                Temporary anesthesia staffing
              </Text>
              <Title id="hero-title" order={1} className={classes.heroTitle}>
                Anesthesia coverage, <span className={classes.highlight}>negotiated directly.</span>
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="gray.7" maw={560}>
                Surgery centers, hospitals and clinics post temporary and contract jobs at an hourly rate. CRNAs and anesthesiologists bid
                or counter, right in the app, until both sides agree. No middlemen, no agency markup.
              </Text>
              <Group gap="sm">
                {signedIn ? (
                  <Button component={Link} to="/dashboard" size="md" rightSection={<IconArrowRight size={18} />}>
                    Go to your dashboard
                  </Button>
                ) : (
                  <Button component={Link} to="/register" size="md" rightSection={<IconArrowRight size={18} />}>
                    Sign up
                  </Button>
                )}
                <Button component={Link} to="/browse" size="md" variant="default" leftSection={<IconSearch size={18} stroke={1.75} />}>
                  Browse jobs
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <NegotiationExample />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
