import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import type { FieldData } from '../../../lib/records/record-shapes.ts';
import { JOB_FIELDS, jobRegistrationExpiry, text } from '../job-record.ts';
import { DetailCard, DetailFields, type DetailField } from '../../../components/record-view/detail-parts.tsx';
import classes from './job-view.module.css';

/** One group of the job's fields as a card: captions above values, like the other detail screens. */
function InfoCard({ title, fields, columns = 1 }: { title: string; fields: DetailField[]; columns?: 1 | 2 | 4 }) {
  return (
    <DetailCard title={title} fill>
      <DetailFields fields={fields} cols={columns === 4 ? { base: 1, xs: 2, md: 4 } : columns === 2 ? { base: 1, xs: 2 } : 1} verticalSpacing="xs" />
    </DetailCard>
  );
}

const EXPIRY_TONE = {
  expired: { color: 'red', label: 'Expired' },
  'almost-expired': { color: 'orange', label: 'Expires soon' },
} as const;

function Expiration({ fieldData }: { fieldData: FieldData }) {
  const date = text(fieldData[JOB_FIELDS.expirationDate]);
  if (date === '') return '';
  const state = jobRegistrationExpiry(fieldData);
  const tone = state === 'expired' || state === 'almost-expired' ? EXPIRY_TONE[state] : null;
  if (!tone) return date;
  return (
    <Group gap={6} component="span" wrap="nowrap">
      <Text span inherit c={tone.color === 'red' ? 'red.8' : 'orange.9'} fw={600}>
        {date}
      </Text>
      <Badge size="xs" variant="light" color={tone.color} radius="sm">
        {tone.label}
      </Badge>
    </Group>
  );
}

/** A link to a record when there is one to link to. */
function RecordLink({ to, children }: { to: string | null; children: ReactNode }) {
  if (!to) return children;
  return (
    <Anchor component={Link} to={to} inherit>
      {children}
    </Anchor>
  );
}

/**
 * The job info (spec 1 §2): name, registrations, status, activity, expiry, sister job, company,
 * the dates, transport, disposal and witnesses, grouped in five cards.
 */
export function JobInfoCards({ fieldData }: { fieldData: FieldData }) {
  const v = (field: string) => text(fieldData[field]);
  const registrationId = v(JOB_FIELDS.registrationId);
  const sisterJob = v(JOB_FIELDS.sisterJob);
  const companyId = v(JOB_FIELDS.companyId);
  const companyName = v('Company Name');

  const company: ReactNode =
    companyId === '' && companyName === '' ? (
      ''
    ) : (
      <RecordLink to={companyId ? routePath('company-view', { id: companyId }) : null}>
        {companyId && companyName ? `${companyName} (${companyId})` : companyName || companyId}
      </RecordLink>
    );

  return (
    <div className={classes.infoGrid}>
      <InfoCard
        title="Job"
        fields={[
          { label: 'Name', value: v(JOB_FIELDS.name) },
          { label: 'Status', value: v('Status') },
          { label: 'Activity', value: v('Activity') },
          {
            label: 'Sister Job',
            value: sisterJob && <RecordLink to={routePath('job-view', { id: sisterJob })}>{`Job ${sisterJob}`}</RecordLink>,
          },
        ]}
      />
      <InfoCard
        title="Registration & company"
        fields={[
          {
            label: 'Purchaser Registration',
            value: v(JOB_FIELDS.registrationNumber) && (
              <RecordLink to={registrationId ? routePath('registration-view', { id: registrationId }) : null}>
                {v(JOB_FIELDS.registrationNumber)}
              </RecordLink>
            ),
          },
          { label: 'Supplier Registration', value: v('Supplier Registration') },
          { label: 'Expiration', value: v(JOB_FIELDS.expirationDate) && <Expiration fieldData={fieldData} /> },
          { label: 'Company', value: company },
        ]}
      />
      <InfoCard
        title="Transport & disposal"
        fields={[
          { label: 'Facility Transported To', value: v('Facility Transported To') },
          { label: 'Transporter', value: v('Transporter') },
          { label: 'Transport Method', value: v('Transport Method') },
          { label: 'Disposal Method', value: v('Disposal Method') },
        ]}
      />
      <div className={classes.wide}>
        <InfoCard
          title="Dates"
          columns={4}
          fields={[
            { label: 'Filed', value: v('Date Filed') },
            { label: 'Initiated', value: v('Date Job Initiated') },
            { label: 'Confirmed', value: v('Date Confirmed') },
            { label: 'Transfer', value: v('Date Transfer') },
            { label: 'Destroyed', value: v('Date Destroyed') },
            { label: 'Vault In', value: v('Date Vault In') },
            { label: 'Vault Out', value: v('Date Vault Out') },
            { label: 'Completed', value: v('Date Completed') },
          ]}
        />
      </div>
      <InfoCard
        title="Witnesses"
        columns={2}
        fields={[
          { label: 'Transfer 1', value: v('Transfer Witness 1 Full Name') },
          { label: 'Transfer 2', value: v('Transfer Witness 2 Full Name') },
          { label: 'Destruction 1', value: v('Destruction Witness 1 Full Name') },
          { label: 'Destruction 2', value: v('Destruction Witness 2 Full Name') },
        ]}
      />
    </div>
  );
}

/** The cards' outline while the job loads, so nothing jumps when it arrives. */
export function JobInfoSkeleton() {
  const card = (rows: number, key: string, wide = false, columns = 1) => (
    <div key={key} className={wide ? classes.wide : undefined}>
      <Paper withBorder shadow="xs" p="lg" className={classes.infoCard}>
        <Skeleton height={14} width={120} mb="md" />
        <SimpleGrid cols={wide ? { base: 1, xs: 2, md: 4 } : columns === 2 ? { base: 1, xs: 2 } : 1} spacing="lg" verticalSpacing="md">
          {Array.from({ length: rows }, (_, index) => (
            <Stack key={index} gap={6}>
              <Skeleton height={9} width="45%" />
              <Skeleton height={13} width="75%" />
            </Stack>
          ))}
        </SimpleGrid>
      </Paper>
    </div>
  );
  return (
    <div className={classes.infoGrid} aria-busy="true" aria-label="Loading the job">
      {card(4, 'job')}
      {card(4, 'registration')}
      {card(4, 'transport')}
      {card(8, 'dates', true)}
      {card(4, 'witnesses', false, 2)}
    </div>
  );
}
