import type { AccountType } from '@domain/accounts/constants';
import { Group, Input, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingHospital, IconStethoscope, type Icon } from '@tabler/icons-react';
import { useId } from 'react';

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

/**
 * Step 1's account type: two radio cards (arrow keys move between them). The radiogroup is ours,
 * not Radio.Group's: only the element with role radiogroup may say it is required, and Mantine's
 * wrapper would put aria-required on a plain div.
 */
export function AccountTypeChoice({
  value,
  onChange,
  error,
}: {
  value: AccountType | '';
  onChange: (value: AccountType) => void;
  error?: React.ReactNode;
}) {
  const id = useId();
  return (
    <Input.Wrapper id={id} label="I am registering as" labelElement="div" error={error}>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt={6}>
          {CHOICES.map(({ value: choice, title, description, icon: ChoiceIcon }) => (
            <Radio.Card
              key={choice}
              name={`${id}-type`}
              value={choice}
              checked={value === choice}
              onClick={() => onChange(choice)}
              className={classes.typeCard}
              radius="md"
              p="md"
            >
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
      </div>
    </Input.Wrapper>
  );
}
