import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatIsoDate, formatTimestamp, type DeclaredInventoryAnswer } from '@3ds/domain';
import { IconDownload, IconPencil, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/record-view/detail-parts.tsx';
import { routePath } from '../../../config/paths.ts';
import { useDeclaredInventory } from '../api/declared-inventory.ts';
import { declarationSummary, fillShown, itemShownName, templateBlob } from '../declared-model.ts';
import { DeclaredItemsDialog } from './declared-items-dialog.tsx';
import { DeclaredUploadDialog } from './declared-upload-dialog.tsx';

/** Saves the template a client fills (CSV) through a link the browser downloads. */
function downloadTemplate() {
  const url = URL.createObjectURL(templateBlob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'declared-inventory-template.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ItemsTable({ answer }: { answer: DeclaredInventoryAnswer }) {
  if (!answer.items.length) {
    return (
      <Text size="sm" c="dimmed">
        The client has declared no Schedule III–V item for this pickup. Type the list, or upload the client's spreadsheet (xlsx or CSV).
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720} type="native" mah={480}>
      <Table striped stickyHeader fz="sm" verticalSpacing={6} aria-label="Declared items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>Row</Table.Th>
            <Table.Th>NDC</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Lot</Table.Th>
            <Table.Th ta="right">Packages</Table.Th>
            <Table.Th>Package Size</Table.Th>
            <Table.Th ta="right">Partial Fill</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.items.map((item) => (
            <Table.Tr key={item.rowNo}>
              <Table.Td c="dimmed">{item.rowNo}</Table.Td>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {item.ndc ?? '—'}
              </Table.Td>
              <Table.Td>
                {itemShownName(item) || '—'}
                {item.schedule && (
                  <Badge ml={6} size="xs" variant="light" color="gray" radius="sm">
                    C{item.schedule}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{item.lot ?? ''}</Table.Td>
              <Table.Td ta="right">{item.packages}</Table.Td>
              <Table.Td>{item.packageSize ?? ''}</Table.Td>
              <Table.Td ta="right">{fillShown(item.partialFill)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FormLines({ answer }: { answer: DeclaredInventoryAnswer }) {
  const rows = answer.forms.flatMap((form) => form.lines.map((line) => ({ form, line })));
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm" fw={650}>
        Form 222 Lines (Schedule I and II)
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No Form 222 of this client awaits goods, and none was received on in this job. Schedule I and II items travel on a Form 222: issue one from the client's registration.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720} type="native">
          <Table striped fz="sm" verticalSpacing={6} aria-label="Form 222 lines declared">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Form 222</Table.Th>
                <Table.Th w={48}>Line</Table.Th>
                <Table.Th>NDC</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Packages</Table.Th>
                <Table.Th>Package Size</Table.Th>
                <Table.Th ta="right">Received Here</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ form, line }) => (
                <Table.Tr key={`${form.formId}-${line.lineNo}`}>
                  <Table.Td>
                    <Anchor component={Link} to={routePath('order-form-view', { id: String(form.formId) })} size="sm" ff="monospace" fw={600}>
                      {form.formNumber}
                    </Anchor>
                    <Text span size="xs" c="dimmed" ml={6}>
                      {form.status} · issued {formatIsoDate(form.issuedOn)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{line.lineNo}</Table.Td>
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {line.ndc ?? '—'}
                  </Table.Td>
                  <Table.Td>{line.item ?? ''}</Table.Td>
                  <Table.Td ta="right">{line.packages}</Table.Td>
                  <Table.Td>{line.packageSize ?? ''}</Table.Td>
                  <Table.Td ta="right">{line.receivedHere}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/**
 * What the client declared for this pickup (rules/declared-inventory.ts): the Schedule III–V items
 * of the client's list, typed or read from an xlsx or CSV, and the Form 222 lines that declare the
 * Schedule I and II items. CREATE_JOB on an unlocked job that is not final types or uploads the list.
 */
export function DeclaredInventoryCard({ jobId, canDeclare }: { jobId: string; canDeclare: boolean }) {
  const query = useDeclaredInventory(jobId);
  const answer = query.data;
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState(false);
  return (
    <DetailCard
      title="Declared Inventory"
      aside={
        <Group gap="xs">
          <Button size="xs" variant="subtle" leftSection={<IconDownload size={14} aria-hidden />} onClick={downloadTemplate}>
            Template
          </Button>
          {canDeclare && answer && (
            <>
              <Button size="xs" variant="light" leftSection={<IconUpload size={14} aria-hidden />} onClick={() => setUploading(true)}>
                Upload xlsx or CSV
              </Button>
              <Button size="xs" variant="light" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            </>
          )}
        </Group>
      }
    >
      {query.isPending && <Skeleton height={80} />}
      {query.isError && (
        <Text size="sm" c="red.8">
          The declared inventory could not be read.
        </Text>
      )}
      {answer && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {declarationSummary(answer)}
            {answer.modifiedAt ? `, ${formatTimestamp(new Date(answer.modifiedAt))}` : ''}
          </Text>
          <ItemsTable answer={answer} />
          <FormLines answer={answer} />
        </Stack>
      )}
      {answer && editing && <DeclaredItemsDialog jobId={jobId} answer={answer} onClose={() => setEditing(false)} />}
      {answer && (
        <DeclaredUploadDialog jobId={jobId} answer={answer} opened={uploading} onClose={() => setUploading(false)} />
      )}
    </DetailCard>
  );
}
