import { Alert, Anchor, Badge, Button, Skeleton, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ORDER_FORM_MAX_LINES, ORDER_FORM_VALID_DAYS, type OrderFormStatusChange } from '@3ds/domain';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconEdit, IconQuestionMark } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useBusinessToday } from '../../../components/business-day/business-day.ts';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { getRecordQueryOptions, useRecord } from '../../../components/record-view/api/get-record.ts';
import { BackToListButton, DetailCard, DetailFields, DetailFieldsSkeleton, DetailLayout } from '../../../components/record-view/detail-parts.tsx';
import { routePath } from '../../../config/paths.ts';
import { useMayPerform } from '../../../session/use-session.ts';
import { orderFormView, STATUS_CHANGE_WORDS, statusColor, type OrderFormView } from '../order-form-model.ts';
import { EditOrderFormDialog } from './order-form-dialog.tsx';
import { OrderFormStatusDialog } from './order-form-status-dialog.tsx';

const CHANGE_ICONS: Record<OrderFormStatusChange, typeof IconCircleCheck> = { executed: IconCircleCheck, void: IconCircleX, lost: IconQuestionMark };

/**
 * `/order-form/{id}`: a Form 222 of the register — its number and kind, the client it names, when it
 * was issued and how long it stays valid (expired said plainly), its status with Executed, Void and
 * Lost (UNLOCK_JOB, each confirmed with its reason), and its lines; Edit (CREATE_JOB) changes the
 * lines and note, and the number and kind while the form is issued.
 */
export function OrderFormScreen() {
  const { id = '' } = useParams();
  const query = useRecord('order-forms', id);
  const today = useBusinessToday();
  const queryClient = useQueryClient();
  const view = useMemo(() => (query.data ? orderFormView(query.data, today) : undefined), [query.data, today]);
  const canEdit = useMayPerform('order-form.edit');
  const canChangeStatus = useMayPerform('order-form.void');
  const [editing, setEditing] = useState(false);
  const [change, setChange] = useState<OrderFormStatusChange | null>(null);
  const final = view?.status === 'void' || view?.status === 'lost';

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: getRecordQueryOptions('order-forms', id).queryKey });
    const record = await queryClient.fetchQuery(getRecordQueryOptions('order-forms', id));
    return orderFormView(record, today);
  };

  const actions = (
    <>
      {view && canEdit && !final && (
        <Button variant="light" leftSection={<IconEdit size={17} stroke={1.7} aria-hidden />} onClick={() => setEditing(true)}>
          Edit
        </Button>
      )}
      {view &&
        canChangeStatus &&
        view.changes.map((next) => {
          const Icon = CHANGE_ICONS[next];
          return (
            <Button key={next} variant={next === 'executed' ? 'filled' : 'light'} color={next === 'executed' ? undefined : 'red'} leftSection={<Icon size={17} stroke={1.7} aria-hidden />} onClick={() => setChange(next)}>
              {STATUS_CHANGE_WORDS[next](view.number).button}
            </Button>
          );
        })}
      <BackToListButton listPath={routePath('order-forms')} />
    </>
  );

  return (
    <PageFrame
      title={view ? `Form 222 ${view.number}` : `Form 222`}
      titleAddon={view?.statusText ? <Badge color={statusColor(view.statusText)} variant="light" size="lg">{view.statusText}</Badge> : undefined}
      subtitle={query.isPending ? <Skeleton component="span" display="block" height={14} width={220} mt={3} /> : view ? `${view.kindText} · Register entry ${view.id}` : undefined}
      actions={actions}
    >
      {view?.expired && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Expired" role="status">
          {view.validityText}. An expired form is not filled: void it, and issue the client a new one.
        </Alert>
      )}
      <DetailLayout
        what="Form 222"
        error={query.error}
        main={<FormCard view={view} />}
        side={
          <>
            <ValidityCard view={view} />
            <StatusCard view={view} />
          </>
        }
        below={
          <>
            <LinesCard view={view} />
            <JobsCard view={view} />
          </>
        }
      />
      {view && canEdit && !final && <EditOrderFormDialog opened={editing} onClose={() => setEditing(false)} view={view} onReload={reload} />}
      {view && canChangeStatus && <OrderFormStatusDialog view={view} change={change} onClose={() => setChange(null)} />}
    </PageFrame>
  );
}

function FormCard({ view }: { view: OrderFormView | undefined }) {
  return (
    <DetailCard title="Form" fill>
      {view ? (
        <DetailFields
          fields={[
            { label: 'Form Number', value: <Text span size="sm" ff="monospace" fw={600}>{view.number}</Text> },
            { label: 'Kind', value: view.kindText },
            {
              label: 'Supplier (client registration)',
              value: view.registrationId ? (
                <Anchor component={Link} to={routePath('registration-view', { id: view.registrationId })} size="sm" fw={600}>
                  {view.registrationNumber}
                </Anchor>
              ) : (
                view.registrationNumber
              ),
            },
            {
              label: 'Company',
              value: view.companyId ? (
                <Anchor component={Link} to={routePath('company-view', { id: view.companyId })} size="sm">
                  {view.companyName}
                </Anchor>
              ) : (
                view.companyName
              ),
            },
            { label: 'Note', value: view.note ? <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>{view.note}</Text> : '' },
            { label: 'Created', value: view.created ? `${view.created} by ${view.createdBy}` : '' },
            { label: 'Modified', value: view.modified ? `${view.modified}${view.modifiedBy ? ` by ${view.modifiedBy}` : ''}` : '' },
          ]}
        />
      ) : (
        <DetailFieldsSkeleton count={7} />
      )}
    </DetailCard>
  );
}

function ValidityCard({ view }: { view: OrderFormView | undefined }) {
  return (
    <DetailCard title="Validity">
      {view ? (
        <DetailFields
          fields={[
            { label: 'Issue Date', value: view.issuedOn },
            {
              label: 'Valid Until',
              value: (
                <Text span size="sm" c={view.expired ? 'red.8' : undefined} fw={view.expired ? 700 : undefined}>
                  {view.validUntil}
                  {view.expired ? ' — expired' : ''}
                </Text>
              ),
            },
          ]}
        />
      ) : (
        <DetailFieldsSkeleton count={2} />
      )}
      {view?.validityText && !view.expired && (
        <Text size="xs" c="dimmed" mt="sm">
          {view.validityText}. A Form 222 is used within {ORDER_FORM_VALID_DAYS} days of its issue: our house rule.
        </Text>
      )}
    </DetailCard>
  );
}

function StatusCard({ view }: { view: OrderFormView | undefined }) {
  return (
    <DetailCard title="Status">
      {view ? (
        <DetailFields
          fields={[
            { label: 'Status', value: <Badge color={statusColor(view.statusText)} variant="light">{view.statusText}</Badge> },
            { label: 'Lines Completed', value: `${view.lines.length} of ${ORDER_FORM_MAX_LINES}` },
            { label: 'Reason', value: view.statusReason },
            { label: 'Changed', value: view.statusChanged ? `${view.statusChanged} by ${view.statusChangedBy}` : '' },
          ]}
        />
      ) : (
        <DetailFieldsSkeleton count={4} />
      )}
    </DetailCard>
  );
}

function LinesCard({ view }: { view: OrderFormView | undefined }) {
  const lines = view?.lines;
  return (
    <DetailCard
      title="Lines"
      aside={
        lines && (
          <Text size="sm" c="dimmed">
            {lines.length} {lines.length === 1 ? 'line' : 'lines'} completed
          </Text>
        )
      }
    >
      <Table.ScrollContainer minWidth={720} type="native">
        <Table striped fz="sm" verticalSpacing={7} aria-label="Lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>Line</Table.Th>
              <Table.Th>NDC</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Packages</Table.Th>
              <Table.Th>Package Size</Table.Th>
              <Table.Th ta="right">Received</Table.Th>
              <Table.Th>Date Received</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines === undefined && (
              <Table.Tr aria-hidden>
                {[30, 110, 200, 40, 90, 40, 80].map((width) => (
                  <Table.Td key={width}>
                    <Skeleton height={12} width={width} />
                  </Table.Td>
                ))}
              </Table.Tr>
            )}
            {lines?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text size="sm" c="dimmed" fs="italic" py={4}>
                    No lines yet: Edit adds them (up to {ORDER_FORM_MAX_LINES}).
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {lines?.map((line) => (
              <Table.Tr key={line.lineNo}>
                <Table.Td fw={600}>{line.lineNo}</Table.Td>
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {line.ndc || '—'}
                </Table.Td>
                <Table.Td>{line.item}</Table.Td>
                <Table.Td ta="right">{line.packages}</Table.Td>
                <Table.Td>{line.packageSize}</Table.Td>
                <Table.Td ta="right" fw={Number(line.received) > 0 ? 600 : undefined} c={Number(line.received) >= Number(line.packages) ? 'teal.8' : undefined}>
                  {line.received || '0'}
                </Table.Td>
                <Table.Td>{line.dateReceived || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DetailCard>
  );
}

/**
 * The jobs goods on the form arrived with (their line items name its lines), each with its Digital
 * 222 file: the electronic order or the scanned copy kept on the job.
 */
function JobsCard({ view }: { view: OrderFormView | undefined }) {
  const jobs = view?.jobs;
  if (!jobs) return null;
  return (
    <DetailCard title="Received With">
      {jobs.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic">
          Nothing has arrived on this form yet. A Schedule I or II line item is received on it by its Form 222 number and line.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table striped fz="sm" verticalSpacing={7} aria-label="Jobs received with">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job</Table.Th>
                <Table.Th>Job Name</Table.Th>
                <Table.Th>Date Received</Table.Th>
                <Table.Th ta="right">Line Items</Table.Th>
                <Table.Th ta="right">Packages</Table.Th>
                <Table.Th>Digital 222</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>
                    <Anchor component={Link} to={routePath('job-view', { id: job.id })} size="sm" fw={600}>
                      Job {job.id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{job.name}</Table.Td>
                  <Table.Td>{job.dateReceived || '—'}</Table.Td>
                  <Table.Td ta="right">{job.items}</Table.Td>
                  <Table.Td ta="right">{job.packages}</Table.Td>
                  <Table.Td>
                    {job.digital222 ? (
                      <Anchor href={job.digital222} target="_blank" rel="noopener" size="sm">
                        Digital 222
                      </Anchor>
                    ) : (
                      <Text span size="sm" c="dimmed">
                        Not on the job
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </DetailCard>
  );
}
