import { ApiError, buildUrl } from '@/lib/api-client';
import { getSession } from '@/stores/session';

import type { AuditSearch } from '../lib/audit-search';

/**
 * GET /admin/audit.csv with the same filters, saved as a file. The bearer token cannot ride on a
 * plain link, so the answer is fetched and handed to the browser as a download.
 */
export async function downloadAuditCsv(search: AuditSearch): Promise<void> {
  const token = getSession()?.token;
  const response = await fetch(buildUrl('/admin/audit.csv', search), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: string } | null;
    throw new ApiError(response.status, typeof body?.detail === 'string' ? body.detail : undefined);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'tenens-audit.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
