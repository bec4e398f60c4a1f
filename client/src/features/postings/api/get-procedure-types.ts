import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type RequestOptions } from '@/lib/api-client';
import type { ProcedureType } from '@domain/postings';

import { postingKeys } from './keys';

/** GET /job-postings/procedure-types: the seeded list (id, name), by name. */
export function getProcedureTypes(options?: RequestOptions): Promise<ProcedureType[]> {
  return api.get<ProcedureType[]>('/job-postings/procedure-types', options);
}

export const procedureTypesQueryOptions = () =>
  queryOptions({
    queryKey: postingKeys.procedureTypes(),
    queryFn: ({ signal }) => getProcedureTypes({ signal }),
    // Seeded once; it does not change while the app runs.
    staleTime: Infinity,
  });

/** `enabled`: false while nothing on screen names a procedure type (no filter of them, no form open). */
export const useProcedureTypes = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...procedureTypesQueryOptions(), enabled });
