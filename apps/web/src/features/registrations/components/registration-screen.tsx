import { Anchor, Button, Skeleton, Text } from '@mantine/core';
import { IconPhoto, IconPhotoUp, IconPlus } from '@tabler/icons-react';
import { DEA_AGENCY } from '@3ds/domain';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { recordText as field } from '../../../lib/records/record-shapes.ts';
import { routePath } from '../../../config/paths.ts';
import { NewJobDialog } from '../../../components/new-job/new-job-dialog.tsx';
import { PageFrame } from '../../../components/page/page-frame.tsx';
import { useRecord, type RecordData } from '../../../components/record-view/api/get-record.ts';
import {
  BackToListButton,
  DetailCard,
  DetailFields,
  DetailFieldsSkeleton,
  DetailLayout,
} from '../../../components/record-view/detail-parts.tsx';
import { useMayPerform } from '../../../session/use-session.ts';
import { agencyOf, registrationJobs, registrationOrderForms, scheduleFlags } from '../registration-detail.ts';
import { ActiveJobsCard } from './active-jobs-card.tsx';
import { OrderFormsCard } from './order-forms-card.tsx';
import { CsaSchedulesCard } from './csa-schedules-card.tsx';
import { expiryOf, renderExpiration } from './registration-expiry.tsx';
import { RegistrationPictureModal } from './registration-picture-modal.tsx';

// The drop area (react-dropzone and its styles) loads only for those who open the dialog.
const UpdateRegistrationDialog = lazy(() =>
  import('./update-registration-dialog.tsx').then((m) => ({ default: m.UpdateRegistrationDialog })),
);


/**
 * `/registration/{id}` (spec 1 §2 "Registration detail"): the registrant and the licence, its CSA
 * schedules and its jobs; the registration picture (view, and replace with UPDATE_REGISTRATION).
 */
export function RegistrationScreen() {
  const { id = '' } = useParams();
  const query = useRecord('registrations', id);
  const record = query.data;
  const canUpdate = useMayPerform('registration.upload-picture');
  const canCreateJob = useMayPerform('job.create');
  const [creatingJob, setCreatingJob] = useState(false);
  const [viewing, setViewing] = useState(false);
  const [updating, setUpdating] = useState(false);
  // Mounted from the first opening on, so that it can play its closing transition.
  const [dialogMounted, setDialogMounted] = useState(false);

  const number = record ? field(record, 'Registration Number') : '';
  const picture = record ? field(record, 'Registration Picture') : '';
  const flags = useMemo(() => (record ? scheduleFlags(record.fieldData) : undefined), [record]);
  const jobs = useMemo(() => (record ? registrationJobs(record.portalData.Job ?? []) : undefined), [record]);
  const jobsFound = record?.portalDataInfo.find((info) => info.portalObjectName === 'Job')?.foundCount;
  const orderForms = useMemo(() => (record ? registrationOrderForms(record.portalData['Order Form'] ?? []) : undefined), [record]);
  const orderFormsFound = record?.portalDataInfo.find((info) => info.portalObjectName === 'Order Form')?.foundCount;

  // A job is made on a current DEA registration (as the company's Registrations card offers them).
  const jobAllowed =
    canCreateJob && record !== undefined && expiryOf(record) !== 'expired' && field(record, 'Federal Agency').toLowerCase() === DEA_AGENCY.toLowerCase();

  const actions = (
    <>
      {jobAllowed && (
        <Button leftSection={<IconPlus size={17} stroke={2} aria-hidden />} onClick={() => setCreatingJob(true)}>
          New Job
        </Button>
      )}
      {picture && (
        <Button variant="light" leftSection={<IconPhoto size={17} stroke={1.7} aria-hidden />} onClick={() => setViewing(true)}>
          View Registration
        </Button>
      )}
      {canUpdate && record && (
        <Button
          variant="light"
          leftSection={<IconPhotoUp size={17} stroke={1.7} aria-hidden />}
          onClick={() => {
            setDialogMounted(true);
            setUpdating(true);
          }}
          onMouseEnter={() => void import('./update-registration-dialog.tsx')}
        >
          Update Registration
        </Button>
      )}
      <BackToListButton listPath={routePath('registrations')} />
    </>
  );

  return (
    <PageFrame
      title={record ? `Registration ${number}` : 'Registration'}
      subtitle={
        query.isPending ? (
          <Skeleton component="span" display="block" height={14} width={160} mt={3} />
        ) : (
          (record && field(record, 'Activity')) || undefined
        )
      }
      actions={actions}
    >
      <DetailLayout
        what="registration"
        error={query.error}
        main={<RegistrantCard record={record} />}
        side={
          <>
            <LicenseCard record={record} />
            <CsaSchedulesCard flags={flags} />
          </>
        }
        below={
          <>
            <ActiveJobsCard jobs={jobs} foundCount={jobsFound} />
            <OrderFormsCard forms={orderForms} foundCount={orderFormsFound} />
          </>
        }
      />

      {jobAllowed && (
        <NewJobDialog
          opened={creatingJob}
          onClose={() => setCreatingJob(false)}
          registration={{ id, number, activity: field(record, 'Activity'), companyName: field(record, 'Company Name') }}
        />
      )}
      {picture && (
        <RegistrationPictureModal opened={viewing} onClose={() => setViewing(false)} src={picture} number={number} />
      )}
      {canUpdate && record && dialogMounted && (
        <Suspense fallback={null}>
          <UpdateRegistrationDialog
            opened={updating}
            onClose={() => setUpdating(false)}
            registrationId={id}
            number={number}
            currentPicture={picture}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}

function RegistrantCard({ record }: { record: RecordData | undefined }) {
  const companyId = record ? field(record, 'Company ID') : '';
  const companyName = record ? field(record, 'Company Name') : '';
  return (
    <DetailCard title="Registrant" fill>
      {record ? (
        <DetailFields
          fields={[
            { label: 'Company ID', value: companyId },
            {
              label: 'Company Name',
              value: companyId ? (
                <Anchor component={Link} to={routePath('company-view', { id: companyId })} size="sm" fw={600}>
                  {companyName || `Company ${companyId}`}
                </Anchor>
              ) : (
                companyName
              ),
            },
            { label: 'Address 1', value: field(record, 'Address 1') },
            { label: 'Address 2', value: field(record, 'Address 2') },
            { label: 'Address 3', value: field(record, 'Address 3') },
            { label: 'City', value: field(record, 'City') },
            { label: 'State', value: field(record, 'State') },
            { label: 'Zip', value: field(record, 'Zip') },
          ]}
        />
      ) : (
        <DetailFieldsSkeleton count={8} />
      )}
    </DetailCard>
  );
}

function LicenseCard({ record }: { record: RecordData | undefined }) {
  const expiration = record ? field(record, 'Expiration Date') : '';
  return (
    <DetailCard title="License">
      {record ? (
        <DetailFields
          fields={[
            { label: 'Status', value: field(record, 'Status Mask') },
            { label: 'Expiration Date', value: expiration ? <Expiration record={record} text={expiration} /> : '' },
            { label: 'Agency Type', value: field(record, 'Federal/State License') },
            { label: 'Agency', value: agencyOf(record.fieldData) },
          ]}
        />
      ) : (
        <DetailFieldsSkeleton count={4} />
      )}
    </DetailCard>
  );
}

/** The date in red when expired and amber within 60 days, with the list's word beside it. */
function Expiration({ record, text }: { record: RecordData; text: string }) {
  const expiry = expiryOf(record);
  const color = expiry === 'expired' ? 'red.8' : expiry === 'almost-expired' ? 'orange.9' : undefined;
  return (
    <Text span size="sm" c={color} fw={color ? 600 : undefined}>
      {renderExpiration(record, text)}
    </Text>
  );
}
