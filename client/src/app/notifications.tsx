// The toasts' container, loaded lazily by provider.tsx together with its styles.
import '@/styles/components';

export { Notifications } from '@mantine/notifications';
