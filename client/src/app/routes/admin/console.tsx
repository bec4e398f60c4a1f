import { AdminConsole } from '@/features/admin/components/admin-console';

/** /admin: the platform admins' console (facilities and applicants tabs). */
export function AdminConsoleRoute() {
  return <AdminConsole />;
}
