import { Alert, Button, Group, List, Modal, Radio, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { DECLARED_FILE_MAX_BYTES, type DeclaredInventoryAnswer } from '@3ds/domain';
import { IconAlertTriangle, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { showAlert } from '../../../lib/alert-store.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useUploadDeclared } from '../api/declared-inventory.ts';
import { DECLARED_COLUMN_LABELS, declarationSummary, fileProblem } from '../declared-model.ts';

const SHEET_TYPES = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv'],
};

/** At most this many of a refusal's problems are listed; the rest are counted. */
const LISTED = 40;

/**
 * Reading the client's list from a file (CREATE_JOB, unlocked job): an Excel workbook's first sheet
 * or a CSV, its first row naming the columns. Every problem of every row is listed with the row it
 * has in the sheet, and nothing is kept until the file reads without one; the person corrects the
 * file and chooses it again. With items already declared, the file's items replace them or follow
 * them.
 */
export function DeclaredUploadDialog({ jobId, answer, opened, onClose }: { jobId: string; answer: DeclaredInventoryAnswer; opened: boolean; onClose: () => void }) {
  const upload = useUploadDeclared();
  const [file, setFile] = useState<File | null>(null);
  const [chosenProblem, setChosenProblem] = useState<string | null>(null);
  const [mode, setMode] = useState<'replace' | 'append'>('replace');
  const close = () => {
    if (upload.isPending) return;
    setFile(null);
    setChosenProblem(null);
    upload.reset();
    onClose();
  };
  const choose = (files: File[]) => {
    const chosen = files[0] ?? null;
    upload.reset();
    setFile(chosen);
    setChosenProblem(chosen ? (fileProblem(chosen, DECLARED_FILE_MAX_BYTES) ?? null) : null);
  };
  const reject = (rejections: FileRejection[]) => {
    const rejected = rejections[0]?.file;
    upload.reset();
    setFile(null);
    setChosenProblem(rejected ? (fileProblem(rejected, DECLARED_FILE_MAX_BYTES) ?? `${rejected.name} cannot be read as a declared inventory.`) : null);
  };
  const send = () => {
    if (!file || chosenProblem) return;
    upload.mutate(
      { jobId, file, mode: answer.items.length ? mode : 'replace', modId: answer.modId },
      {
        onSuccess: (saved) => {
          const ignored = saved.ignoredColumns?.length ? ` Columns left out: ${saved.ignoredColumns.join(', ')}.` : '';
          showAlert({ type: 'SUCCESS', message: `Declared inventory of job ${jobId} read from ${file.name}: ${declarationSummary(saved).toLowerCase()}.${ignored}` });
          close();
        },
      },
    );
  };
  const refusal = upload.error instanceof ApiError ? (upload.error.details?.length ? upload.error.details : [upload.error.message]) : upload.error ? [upload.error.message] : [];
  return (
    <Modal opened={opened} onClose={close} title={`Upload the Declared Inventory of Job ${jobId}`} size="lg">
      <Stack gap="md">
        <Text size="sm">
          An Excel workbook (.xlsx, its first sheet) or a CSV file, whose first row names the columns: <strong>{DECLARED_COLUMN_LABELS.join(', ')}</strong>. An NDC or a description and the packages are needed; other columns are left out.
        </Text>
        <Dropzone
          onDrop={choose}
          onReject={reject}
          accept={SHEET_TYPES}
          maxSize={DECLARED_FILE_MAX_BYTES}
          maxFiles={1}
          multiple={false}
          loading={upload.isPending}
          name="file"
          inputProps={{ 'aria-label': 'Choose the declared inventory file' }}
          h={160}
          styles={{ inner: { height: '100%', display: 'grid', placeItems: 'center', pointerEvents: 'none' } }}
        >
          <Dropzone.Accept>
            <Message icon={<IconUpload size={30} stroke={1.5} />} color="brand" title="Drop the file here" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <Message icon={<IconX size={30} stroke={1.5} />} color="red" title="Only an .xlsx or .csv file of at most 2 MB" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <Message
              icon={<IconFileSpreadsheet size={30} stroke={1.5} />}
              color="gray"
              title={file ? file.name : 'Drag the file here or click to choose it'}
              hint={file ? 'Drop or click to choose another' : '.xlsx or .csv, at most 2 MB'}
            />
          </Dropzone.Idle>
        </Dropzone>
        {answer.items.length > 0 && (
          <Radio.Group label={`The job declares ${answer.items.length} ${answer.items.length === 1 ? 'item' : 'items'} already`} value={mode} onChange={(value) => setMode(value as 'replace' | 'append')}>
            <Stack gap={6} mt={6}>
              <Radio value="replace" label="Replace them with the file's items" />
              <Radio value="append" label="Add the file's items after them" />
            </Stack>
          </Radio.Group>
        )}
        {chosenProblem && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {chosenProblem}
          </Alert>
        )}
        {refusal.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={`${file?.name ?? 'The file'} was not read: nothing was kept`} role="alert">
            <List size="sm" spacing={2}>
              {refusal.slice(0, LISTED).map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
            {refusal.length > LISTED && (
              <Text size="sm" mt={4}>
                … and {refusal.length - LISTED} more. Correct the file and choose it again.
              </Text>
            )}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button onClick={send} disabled={!file || chosenProblem !== null} loading={upload.isPending} leftSection={<IconUpload size={16} aria-hidden />}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Message({ icon, color, title, hint }: { icon: ReactNode; color: string; title: string; hint?: string }) {
  return (
    <Stack align="center" gap={6} ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
