import { notifications } from '@mantine/notifications';

/** Toasts, shown bottom-right (app/provider.tsx). One place so they look the same everywhere. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message, autoClose: 4000 });
}

export function notifyError(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, autoClose: 7000 });
}

export function notifyInfo(message: string, title?: string): void {
  notifications.show({ color: 'gray', title, message, autoClose: 5000 });
}
