import { Anchor, Badge, Checkbox, Group, Skeleton, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { recordText as field } from '../../../lib/records/record-shapes.ts';
import { routePath } from '../../../config/paths.ts';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { useRecord, type RecordData } from '../../../components/record-view/api/get-record.ts';
import {
  BackToListButton,
  DetailCard,
  DetailFields,
  DetailFieldsSkeleton,
  DetailLayout,
} from '../../../components/record-view/detail-parts.tsx';
import {
  activeDeaRegistrations,
  companyContacts,
  labelerCodes,
  REPORT_TYPES,
  reportTypesOf,
} from '../company-detail.ts';
import { CompanyRegistrationsCard } from './company-registrations-card.tsx';

/**
 * `/company/{id}` (spec 1 §2 "Company detail"): contact information, report types, labeler
 * codes, the company's current DEA registrations (where a job is started) and its contacts.
 */
export function CompanyScreen() {
  const { id = '' } = useParams();
  const query = useRecord('companies', id);
  const record = query.data;
  const name = record ? String(record.fieldData['Company Name'] ?? '') : '';
  const registrations = useMemo(
    () => (record ? activeDeaRegistrations(record.portalData.Registration ?? []) : undefined),
    [record],
  );

  return (
    <PageFrame
      title={`Company ${id}`}
      subtitle={query.isPending ? <Skeleton component="span" display="block" height={14} width={200} mt={3} /> : name || undefined}
      actions={<BackToListButton listPath={routePath('companies')} />}
    >
      <DetailLayout
        what="company"
        error={query.error}
        main={<ContactInformationCard record={record} />}
        side={
          <>
            <ReportTypeCard record={record} />
            <LabelerCodesCard record={record} />
          </>
        }
        below={
          <>
            <CompanyRegistrationsCard registrations={registrations} />
            <ContactsCard record={record} />
          </>
        }
      />
    </PageFrame>
  );
}


function phoneLink(phone: string) {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.length >= 7 ? (
    <Anchor href={`tel:${digits}`} size="sm">
      {phone}
    </Anchor>
  ) : (
    phone
  );
}

function ContactInformationCard({ record }: { record: RecordData | undefined }) {
  return (
    <DetailCard title="Contact Information" fill>
      {record ? (
        <DetailFields
          fields={[
            { label: 'Address 1', value: field(record, 'Address 1') },
            { label: 'Address 2', value: field(record, 'Address 2') },
            { label: 'City', value: field(record, 'City') },
            { label: 'State', value: field(record, 'State') },
            { label: 'Zip', value: field(record, 'Zip') },
            { label: 'Primary Phone', value: phoneLink(field(record, 'Contact Main Telephone')) },
            { label: 'Fax', value: field(record, 'Contact Fax Telephone') },
          ]}
        />
      ) : (
        <DetailFieldsSkeleton count={7} />
      )}
    </DetailCard>
  );
}

/** Read-only ticks for the types in the carriage-return separated 'Report Type' field. */
function ReportTypeCard({ record }: { record: RecordData | undefined }) {
  const checked = record ? reportTypesOf(record.fieldData['Report Type']) : [];
  return (
    <DetailCard title="Report Type">
      <Checkbox.Group value={checked} readOnly aria-label="Report Type">
        <Group gap="xl" mih={24}>
          {REPORT_TYPES.map((type) =>
            record ? (
              <Checkbox key={type} value={type} label={type} />
            ) : (
              <Skeleton key={type} height={20} width={72} />
            ),
          )}
        </Group>
      </Checkbox.Group>
    </DetailCard>
  );
}

function LabelerCodesCard({ record }: { record: RecordData | undefined }) {
  const codes = record ? labelerCodes(record.portalData.Labeler_Codes ?? []) : undefined;
  return (
    <DetailCard title="Labeler Codes">
      {codes === undefined ? (
        <Group gap="xs" aria-hidden>
          <Skeleton height={24} width={64} />
          <Skeleton height={24} width={64} />
        </Group>
      ) : codes.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic" lh="24px">
          No labeler codes
        </Text>
      ) : (
        <Group component="ul" gap="xs" m={0} p={0} aria-label="Labeler Codes" style={{ listStyle: 'none' }}>
          {codes.map((code) => (
            <li key={code}>
              <Badge variant="light" color="gray" size="lg" radius="sm" tt="none" ff="monospace" fw={600}>
                {code}
              </Badge>
            </li>
          ))}
        </Group>
      )}
    </DetailCard>
  );
}

function ContactsCard({ record }: { record: RecordData | undefined }) {
  const contacts = record ? companyContacts(record.portalData.Contacts_Info ?? []) : undefined;
  return (
    <DetailCard
      title="Contacts"
      aside={
        contacts && (
          <Text size="sm" c="dimmed">
            {contacts.length} {contacts.length === 1 ? 'contact' : 'contacts'}
          </Text>
        )
      }
    >
      <Table.ScrollContainer minWidth={520} type="native">
        <Table striped fz="sm" verticalSpacing={7} aria-label="Contacts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>City</Table.Th>
              <Table.Th>Direct Phone</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts === undefined && (
              <Table.Tr aria-hidden>
                {[120, 160, 90, 110].map((width) => (
                  <Table.Td key={width}>
                    <Skeleton height={12} width={width} />
                  </Table.Td>
                ))}
              </Table.Tr>
            )}
            {contacts?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed" fs="italic" py={4}>
                    No contacts
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {contacts?.map((contact) => (
              <Table.Tr key={contact.id}>
                <Table.Td fw={500}>{contact.name}</Table.Td>
                <Table.Td>{contact.title}</Table.Td>
                <Table.Td>{contact.city}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{contact.phone}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DetailCard>
  );
}
