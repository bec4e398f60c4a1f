import { Pagination } from '@mantine/core';

/** Pages of a payments list, each control named for screen readers ('Page 2', 'next page'). */
export function PaymentsPagination({ total, value, onChange }: { total: number; value: number; onChange: (page: number) => void }) {
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      size="sm"
      siblings={1}
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
    />
  );
}
