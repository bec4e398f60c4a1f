import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Why a form's submit failed, announced as an alert. */
export function FormErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} stroke={1.75} />}>
      {children}
    </Alert>
  );
}
