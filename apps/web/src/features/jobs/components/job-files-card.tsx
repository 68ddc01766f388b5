import { Alert, Anchor, Badge, Button, FileButton, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatTimestamp, isGeneratedJobDocument, JOB_PICTURE_FIELDS } from '@3ds/domain';
import { IconAlertTriangle, IconFileText, IconPaperclip, IconPhoto, IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import type { FieldData } from '../../../lib/records/record-shapes.ts';
import { useAttachSignedCopy, useGeneratedDocuments, type GeneratedJobDocument } from '../api/get-generated-documents.ts';
import { useMayPerform } from '../../../session/use-session.ts';
import { useUploadJobFile } from '../api/upload-job-file.ts';
import { DOCUMENT_ACCEPT, JOB_FIELDS, jobDocuments, outOfDateText, pictureTabs, text, uploadProblem, type JobDocument } from '../job-record.ts';

// The carousel (and its styles) load when the pictures are first opened, not with the job.
const JobPicturesModal = lazy(() => import('./job-pictures-modal.tsx').then((m) => ({ default: m.JobPicturesModal })));

interface JobFilesCardProps {
  jobId: string;
  fieldData: FieldData;
  locked: boolean;
  /** CREATE_JOB on an unlocked job. */
  canUpload: boolean;
}

/**
 * Pictures and documents (spec 1 §2). A locked job shows the links "Pictures", "CWF", "41",
 * "Shipping", "Supporting" and "Digital 222" (a document link only when its file is there). While
 * the job is unlocked, a user with CREATE_JOB adds pictures to empty slots and attaches documents
 * here — the spec shows only the viewing, but nothing could be viewed without a way in.
 */
export function JobFilesCard({ jobId, fieldData, locked, canUpload }: JobFilesCardProps) {
  const upload = useUploadJobFile();
  const [picturesOpen, setPicturesOpen] = useState(false);
  // Mounted from the first opening on, so that closing plays the modal's transition.
  const [picturesMounted, setPicturesMounted] = useState(false);
  const openPictures = () => {
    setPicturesMounted(true);
    setPicturesOpen(true);
  };
  const [uploadingField, setUploadingField] = useState<string | null>(null);

  const documents = jobDocuments(fieldData);
  const generated = useGeneratedDocuments(jobId).data ?? [];
  // A signed copy comes back after the destruction, to a locked job: no lock refuses it.
  const canAttachSignedCopy = useMayPerform('job.attach-signed-copy');
  const pictureCount = pictureTabs(fieldData).reduce((sum, tab) => sum + tab.filled, 0);
  const sisterJob = text(fieldData[JOB_FIELDS.sisterJob]);

  const send = (field: string, file: File, kind: 'picture' | 'document', label: string) => {
    const problem = uploadProblem(file, kind);
    if (problem) {
      showAlert({ type: 'DANGER', title: 'Upload refused', message: problem });
      return;
    }
    setUploadingField(field);
    upload.mutate(
      { id: jobId, field, file },
      {
        onSuccess: () =>
          showAlert({ type: 'SUCCESS', message: kind === 'picture' ? `Picture ${field} was added` : `${label} document was attached` }),
        // A refusal (slot taken, type, size, lock) is shown with the server's message by the shared handler.
        onSettled: () => setUploadingField(null),
      },
    );
  };

  const canAddPictures = canUpload && sisterJob === '';

  return (
    <Paper withBorder shadow="xs" p="lg" component="section" aria-labelledby="job-files">
      <Group justify="space-between" align="flex-start" mb={locked ? 'sm' : 'md'} gap="sm">
        <Title order={2} fz="md" fw={650} id="job-files">
          Pictures & documents
        </Title>
        <Text size="sm" c="dimmed">
          {pictureCount} of {JOB_PICTURE_FIELDS.length} pictures
          {sisterJob !== '' && ` · from sister job ${sisterJob}`}
        </Text>
      </Group>

      {locked ? (
        <Group gap="xs" wrap="wrap">
          <Button variant="light" leftSection={<IconPhoto size={17} stroke={1.7} aria-hidden />} onClick={openPictures}>
            Pictures
          </Button>
          {documents
            .filter((doc) => doc.href !== null)
            .map((doc) => (
              <Button
                key={doc.field}
                component="a"
                href={doc.href ?? undefined}
                target="_blank"
                rel="noreferrer"
                variant="default"
                leftSection={<IconFileText size={17} stroke={1.7} aria-hidden />}
              >
                {doc.label}
              </Button>
            ))}
          {documents.every((doc) => doc.href === null) && (
            <Text size="sm" c="dimmed" ml="xs">
              No documents are attached to this job.
            </Text>
          )}
        </Group>
      ) : canUpload ? (
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <Button variant="light" leftSection={<IconPhoto size={17} stroke={1.7} aria-hidden />} onClick={openPictures}>
              {canAddPictures ? 'Add or view pictures' : 'View pictures'}
            </Button>
            <Text size="sm" c="dimmed">
              {canAddPictures
                ? 'Pictures go into empty slots (images up to 2 MB).'
                : `This job shows the pictures of its sister job ${sisterJob}; add them there.`}
            </Text>
          </Group>
          <Table verticalSpacing={6} fz="sm" aria-labelledby="job-files" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="28%">Document</Table.Th>
                <Table.Th>File</Table.Th>
                <Table.Th w={130} ta="right">
                  <VisuallyHidden>Action</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.map((doc) => (
                <DocumentRow
                  key={doc.field}
                  doc={doc}
                  uploading={uploadingField === doc.field}
                  busy={uploadingField !== null}
                  generatedSlot={isGeneratedJobDocument(doc.field)}
                  onChoose={(file) => send(doc.field, file, 'document', doc.label)}
                />
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            PDF documents or images up to 10 MB. Once the job is locked, these show as links.
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          The links to this job&apos;s pictures and documents show here once the job is locked.
        </Text>
      )}

      {generated.length > 0 && <GeneratedDocuments jobId={jobId} documents={generated} canAttach={canAttachSignedCopy} />}

      {picturesMounted && (
        <Suspense fallback={null}>
          <JobPicturesModal
            opened={picturesOpen}
            onClose={() => setPicturesOpen(false)}
            fieldData={fieldData}
            onAdd={canAddPictures ? (slot, file) => send(slot, file, 'picture', slot) : undefined}
            uploadingSlot={uploadingField}
          />
        </Suspense>
      )}
    </Paper>
  );
}

/** Every generated Form 41 and Certificate of Destruction, newest first; earlier ones marked superseded. */
function GeneratedDocuments({ jobId, documents, canAttach }: { jobId: string; documents: GeneratedJobDocument[]; canAttach: boolean }) {
  const stale = documents.filter((doc) => doc.outOfDate).map((doc) => doc.document);
  const attach = useAttachSignedCopy();
  return (
    <Stack gap={6} mt="md">
      <Title order={3} fz="sm" fw={650} id="generated-documents">
        Generated documents
      </Title>
      {stale.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Out of date">
          {outOfDateText(stale)}
        </Alert>
      )}
      <Table verticalSpacing={6} fz="sm" aria-labelledby="generated-documents">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th>Generated</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Signed copy</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((doc) => (
            <Table.Tr key={doc.id}>
              <Table.Td>
                <Anchor href={doc.href} target="_blank" rel="noreferrer" size="sm" aria-label={`${doc.document} generated ${formatTimestamp(new Date(doc.generatedAt))}${doc.superseded ? ', superseded' : ''}`}>
                  {doc.document}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {formatTimestamp(new Date(doc.generatedAt))} by {doc.generatedBy}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {doc.superseded ? (
                  <Badge color="gray" variant="light" style={{ minWidth: 'max-content' }}>
                    Superseded
                  </Badge>
                ) : doc.outOfDate ? (
                  <Badge color="orange" variant="light" style={{ minWidth: 'max-content' }} title="The job's records changed since it was generated: generate it again">
                    Out of date
                  </Badge>
                ) : (
                  <Badge color="teal" variant="light" style={{ minWidth: 'max-content' }}>
                    Current
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {doc.signedCopies.map((copy) => (
                    <Anchor
                      key={copy.href}
                      href={copy.href}
                      target="_blank"
                      rel="noreferrer"
                      size="sm"
                      aria-label={`Signed copy of the ${doc.document} generated ${formatTimestamp(new Date(doc.generatedAt))}, kept ${formatTimestamp(new Date(copy.uploadedAt))} by ${copy.uploadedBy}`}
                    >
                      Signed, {formatTimestamp(new Date(copy.uploadedAt))} by {copy.uploadedBy}
                    </Anchor>
                  ))}
                  {canAttach && (
                    <FileButton accept={DOCUMENT_ACCEPT} onChange={(file) => file && attach.mutate({ jobId, documentId: doc.id, file })}>
                      {(props) => (
                        <Button
                          {...props}
                          size="compact-xs"
                          variant="default"
                          leftSection={<IconUpload size={12} stroke={1.8} aria-hidden />}
                          loading={attach.isPending && attach.variables?.documentId === doc.id}
                          disabled={attach.isPending && attach.variables?.documentId !== doc.id}
                          aria-label={`Attach the signed copy of the ${doc.document} generated ${formatTimestamp(new Date(doc.generatedAt))}`}
                          style={{ alignSelf: 'flex-start' }}
                        >
                          {doc.signedCopies.length ? 'Attach another' : 'Attach signed copy'}
                        </Button>
                      )}
                    </FileButton>
                  )}
                  {!canAttach && doc.signedCopies.length === 0 && (
                    <Text size="xs" c="dimmed">
                      None yet
                    </Text>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function DocumentRow({
  doc,
  uploading,
  busy,
  generatedSlot,
  onChoose,
}: {
  doc: JobDocument;
  uploading: boolean;
  busy: boolean;
  /** The Form 41 and the Certificate of Destruction: 3DS generates them, they take no upload. */
  generatedSlot: boolean;
  onChoose: (file: File) => void;
}) {
  return (
    <Table.Tr>
      <Table.Td fw={500}>{doc.label}</Table.Td>
      <Table.Td>
        {doc.href ? (
          <Group gap={6} wrap="nowrap">
            <IconPaperclip size={15} stroke={1.7} aria-hidden />
            <Anchor href={doc.href} target="_blank" rel="noreferrer" size="sm" aria-label={`Open the ${doc.label} document`}>
              Open
            </Anchor>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Not attached
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {generatedSlot ? (
          <Text size="xs" c="dimmed">
            Generated by 3DS
          </Text>
        ) : (
        <FileButton accept={DOCUMENT_ACCEPT} onChange={(file) => file && onChoose(file)}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="default"
              leftSection={<IconUpload size={14} stroke={1.8} aria-hidden />}
              loading={uploading}
              disabled={busy && !uploading}
              aria-label={`${doc.href ? 'Replace' : 'Attach'} ${doc.label} document`}
            >
              {doc.href ? 'Replace' : 'Attach'}
            </Button>
          )}
        </FileButton>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
