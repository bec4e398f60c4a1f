import { addressLines } from '@domain/shared/format';
import { formatPhone } from '@domain/accounts/phone';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';

import type { FacilityProfileView } from '@domain/facilities/facility-view';

import { DetailList } from '../detail-list';

function address(profile: FacilityProfileView): React.ReactNode {
  const lines = addressLines(profile);
  if (lines.length === 0) return null;
  return (
    <Stack gap={0}>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </Stack>
  );
}

/** The facility profile for members who may not edit it. */
export function FacilityProfileDetails({ profile }: { profile: FacilityProfileView }) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
      <Title order={2} fz="md" mb="md">
        Facility details
      </Title>
      <DetailList
        items={[
          { label: 'Facility name', value: profile.name },
          { label: 'Facility type', value: profile.facility_type },
          { label: 'NPI number', value: profile.npi },
          {
            label: 'Website',
            value: profile.website ? (
              <Anchor href={profile.website} target="_blank" rel="noopener noreferrer" inherit>
                {profile.website}
              </Anchor>
            ) : null,
          },
          { label: 'Address', value: address(profile) },
          { label: 'Phone', value: profile.phone ? formatPhone(profile.phone) : null },
          {
            label: 'Description',
            value: profile.description ? (
              <Text inherit style={{ whiteSpace: 'pre-line' }}>
                {profile.description}
              </Text>
            ) : null,
          },
        ]}
      />
    </Paper>
  );
}
