import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import { DetailCard } from '../../../components/record-view/detail-parts.tsx';
import type { RegistrationOrderForm } from '../registration-detail.ts';

/** "Form 222s": the order forms issued to the registration (the register's), newest first, each linked. */
export function OrderFormsCard({ forms, foundCount }: { forms: readonly RegistrationOrderForm[] | undefined; foundCount?: number | undefined }) {
  const rows = forms ?? [];
  const shownOfMore = foundCount !== undefined && foundCount > rows.length;
  return (
    <DetailCard
      title="Form 222s"
      aside={
        forms && (
          <Text size="sm" c="dimmed">
            {shownOfMore ? `${rows.length} of ${foundCount}` : rows.length} {rows.length === 1 && !shownOfMore ? 'form' : 'forms'}
          </Text>
        )
      }
    >
      <Table.ScrollContainer minWidth={420} type="native">
        <Table striped fz="sm" verticalSpacing={7} aria-label="Form 222s">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Form Number</Table.Th>
              <Table.Th w={140}>Issued</Table.Th>
              <Table.Th>Form Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {forms === undefined && (
              <Table.Tr aria-hidden>
                {[90, 80, 110].map((width) => (
                  <Table.Td key={width}>
                    <Skeleton height={12} width={width} />
                  </Table.Td>
                ))}
              </Table.Tr>
            )}
            {forms !== undefined && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text size="sm" c="dimmed" fs="italic" py={4}>
                    No Form 222 issued to this registration yet
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((form) => (
              <Table.Tr key={form.id}>
                <Table.Td>
                  <Anchor component={Link} to={routePath('order-form-view', { id: form.id })} size="sm" ff="monospace" fw={600}>
                    {form.number}
                  </Anchor>
                </Table.Td>
                <Table.Td>{form.issuedOn}</Table.Td>
                <Table.Td>{form.status}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DetailCard>
  );
}
