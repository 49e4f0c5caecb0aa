import { Table, VisuallyHidden, type TableThProps } from '@mantine/core';

/** The header cell over a table's row actions: no visible text, "Actions" for screen readers. */
export function ActionsHeader(props: TableThProps) {
  return (
    <Table.Th {...props}>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}
