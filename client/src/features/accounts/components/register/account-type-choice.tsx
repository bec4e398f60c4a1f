import type { AccountType } from '@domain/accounts/constants';
import { Group, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingHospital, IconStethoscope, type Icon } from '@tabler/icons-react';

import classes from './register.module.css';

const CHOICES: { value: AccountType; title: string; description: string; icon: Icon }[] = [
  {
    value: 'facility',
    title: 'Facility',
    description: 'I staff a surgery center, hospital or clinic and want to post jobs.',
    icon: IconBuildingHospital,
  },
  {
    value: 'applicant',
    title: 'CRNA or anesthesiologist',
    description: 'I am an anesthesia provider looking for temporary work.',
    icon: IconStethoscope,
  },
];

/** Step 1's account type: two radio cards (arrow keys move between them). */
export function AccountTypeChoice({
  value,
  onChange,
  error,
}: {
  value: AccountType | '';
  onChange: (value: AccountType) => void;
  error?: React.ReactNode;
}) {
  return (
    <Radio.Group
      value={value || null}
      onChange={(next) => onChange(next as AccountType)}
      label="I am registering as"
      error={error}
      aria-required
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt={6}>
        {CHOICES.map(({ value: choice, title, description, icon: ChoiceIcon }) => (
          <Radio.Card key={choice} value={choice} className={classes.typeCard} radius="md" p="md">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={4} miw={0}>
                <Group gap={8} wrap="nowrap">
                  <ThemeIcon size={26} radius="md" variant="light" aria-hidden>
                    <ChoiceIcon size={16} stroke={1.75} />
                  </ThemeIcon>
                  <Text fw={600} fz="sm" c="gray.9">
                    {title}
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed" lh={1.45}>
                  {description}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
