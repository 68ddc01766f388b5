import { canPerform, jobDocumentOrder, mayPerform, type JobDocumentKind } from '@3ds/domain';
import { Button, Menu } from '@mantine/core';
import { IconCertificate, IconChevronDown, IconFileDescription } from '@tabler/icons-react';
import { useState } from 'react';
import { DownloadDialog } from '../../../components/dialogs/download-dialog.tsx';
import type { FieldData } from '../../../lib/records/record-shapes.ts';
import { useRecord } from '../../../components/record-view/api/get-record.ts';
import { useSession } from '../../../session/use-session.ts';
import { useGenerateJobDocument, type GeneratedDocument } from '../api/generate-job-document.ts';
import { JOB_FIELDS, text } from '../job-record.ts';

interface JobDocumentActionsProps {
  jobId: string;
  fieldData: FieldData;
  locked: boolean;
}

interface DocumentAction {
  kind: JobDocumentKind;
  label: string;
  draft: boolean;
  icon: typeof IconFileDescription;
}

/**
 * The job's DEA documents (docs/form-41.md): "Generate Form 41" and "Certificate of Destruction" on
 * a locked job, "Form 41 Draft" on an unlocked one, each followed by the download dialog. The
 * documents the company's Report Type ticks (41, COD) are buttons of their own; the others wait in
 * the "Documents" menu. Shown only to users who may generate them (CREATE_JOB).
 */
export function JobDocumentActions({ jobId, fieldData, locked }: JobDocumentActionsProps) {
  const session = useSession();
  const privileges = session?.privileges;
  const companyId = text(fieldData[JOB_FIELDS.companyId]);
  const company = useRecord('companies', companyId);
  const generate = useGenerateJobDocument();
  const [pending, setPending] = useState<JobDocumentKind | null>(null);
  const [result, setResult] = useState<GeneratedDocument | null>(null);

  const available: Record<JobDocumentKind, DocumentAction | null> = {
    'form-41': canPerform(privileges, 'job.form-41', { record: locked })
      ? { kind: 'form-41', label: 'Generate Form 41', draft: false, icon: IconFileDescription }
      : mayPerform(privileges, 'job.form-41')
        ? { kind: 'form-41', label: 'Form 41 Draft', draft: true, icon: IconFileDescription }
        : null,
    certificate: canPerform(privileges, 'job.certificate', { record: locked })
      ? { kind: 'certificate', label: 'Certificate of Destruction', draft: false, icon: IconCertificate }
      : null,
  };
  // Placed once the company's Report Type is known, so no action moves under the pointer; without
  // the company (a failed read), every document waits in the menu.
  if (company.isPending) return null;
  const order = jobDocumentOrder(company.data ? text(company.data.fieldData['Report Type']) : null);
  const primary = order.primary.flatMap((kind) => available[kind] ?? []);
  const others = order.others.flatMap((kind) => available[kind] ?? []);
  if (!primary.length && !others.length) return null;

  const run = ({ kind, draft }: DocumentAction) => {
    setPending(kind);
    generate.mutate({ jobId, kind, draft }, { onSuccess: setResult, onSettled: () => setPending(null) });
  };

  return (
    <>
      {primary.map((action) => (
        <Button
          key={action.kind}
          variant="light"
          leftSection={<action.icon size={17} stroke={1.8} aria-hidden />}
          loading={pending === action.kind}
          disabled={pending !== null && pending !== action.kind}
          onClick={() => run(action)}
        >
          {action.label}
        </Button>
      ))}
      {others.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              rightSection={<IconChevronDown size={15} stroke={1.8} aria-hidden />}
              loading={pending !== null && others.some((a) => a.kind === pending)}
              disabled={pending !== null && !others.some((a) => a.kind === pending)}
            >
              Documents
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {others.map((action) => (
              <Menu.Item key={action.kind} leftSection={<action.icon size={16} stroke={1.7} aria-hidden />} onClick={() => run(action)}>
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <DownloadDialog href={result?.href ?? null} fileName={result?.fileName ?? 'document.pdf'} title="Document ready" onClose={() => setResult(null)} />
    </>
  );
}
