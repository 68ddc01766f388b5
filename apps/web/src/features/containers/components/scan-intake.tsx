import { ActionIcon, Alert, Anchor, Badge, Button, Group, Paper, Popover, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBarcode, IconCamera, IconCopy, IconInfoCircle, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { routePath } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { ndcLookupQueryOptions } from '../../../components/line-item-entry/api/ndc-lookup.ts';
import { resolveCode, type ResolvedEntry, type ResolvedNdc } from '../../../components/line-item-entry/api/resolve-code.ts';
import { CameraScanDialog } from '../../../components/line-item-entry/camera-scan-dialog.tsx';
import { LINE_ITEM_KINDS } from '../../../components/line-item-entry/line-item-kinds.ts';
import { LineItemFormModal } from '../../../components/line-item-entry/line-item-form-modal.tsx';
import { sameAsLastValues, scanPrefill, type LineItemFormValues } from '../../../components/line-item-entry/line-item-form-model.ts';
import { NdcChoiceDialog } from '../../../components/line-item-entry/ndc-choice-dialog.tsx';
import { NdcPickDialog } from '../../../components/line-item-entry/ndc-pick-dialog.tsx';
import { scannedCode, SHOWN_SEPARATOR, shownScan, storedSubstitute, storeSubstitute, substituteProblem } from '../../../components/line-item-entry/scan-code.ts';
import type { ContainerKindConfig } from '../container-kinds.ts';
import classes from './containers.module.css';

/** User Timing names: from the scan's Enter to the filled form (the bench reads the measure). */
export const SCAN_MARK = '3ds:scan';
export const SCAN_TO_FORM = '3ds:scan-to-form';

interface ScanIntakeProps {
  kind: ContainerKindConfig;
  containerId: string;
  /** A line item was added (its id): the container's table marks it. */
  onAdded?: ((recordId: string) => void) | undefined;
}

/** The package being entered: its NDC, what its code held, and where the form starts from. */
interface Intake {
  entry: Pick<ResolvedEntry, 'ndc' | 'removedFromArcos'>;
  scan: { lot: string; expirationDate: string; serial: string };
  sameAsLast: boolean;
  /** Changes when the form starts again from other values. */
  start: number;
}

interface Last {
  ndc: string;
  values: LineItemFormValues;
  recordId: string;
}

const NO_SCAN = { lot: '', expirationDate: '', serial: '' };

/**
 * "Scan or type an NDC" (the fast path of spec 2 §2's Add Line Item): a keyboard-wedge scanner's
 * burst, a camera scan or typed text, ended by Enter, is resolved on the server; one NDC opens the
 * line item form with the package's lot, expiry and serial; several open a chooser; none says why.
 * After each save the field has the focus again and the run counts up; a second package of the same
 * NDC starts "same as last", so that a run of identical packages takes a scan and an Enter each.
 * Every rule of spec 2 §5 is the form's and the server's as always.
 */
export function ScanIntake({ kind, containerId, onAdded }: ScanIntakeProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Each refused code is selected, so that the next scan replaces it. Selected as the field opens
  // again (a layout effect runs before the browser takes the next key), not a frame later, when a
  // scanner may already have typed the start of the next code.
  const [refusals, setRefusals] = useState(0);
  useLayoutEffect(() => {
    if (refusals > 0) input.current?.select();
  }, [refusals]);
  const [choice, setChoice] = useState<ResolvedNdc | null>(null);
  const [intake, setIntake] = useState<Intake | null>(null);
  const [byHand, setByHand] = useState(false);
  const [camera, setCamera] = useState(false);
  const [run, setRun] = useState<{ count: number; last: Last | null }>({ count: 0, last: null });
  const [substitute, setSubstitute] = useState(storedSubstitute);
  const lineItems = kind.lineItems;

  const refocus = () => requestAnimationFrame(() => input.current?.focus());

  const open = (entry: Intake['entry'], scan: Intake['scan']) => {
    setIntake({ entry, scan, sameAsLast: run.last?.ndc === entry.ndc, start: 0 });
  };

  const resolve = async (code: string) => {
    if (code === '') {
      setProblem('Scan a package’s barcode or type an NDC, then press Enter.');
      return;
    }
    performance.clearMarks(SCAN_MARK);
    performance.mark(SCAN_MARK);
    setBusy(true);
    setProblem(null);
    try {
      const resolved = await resolveCode(code);
      setText('');
      if (resolved.kind === 'label') {
        const target = resolved.yellowBucket ? LINE_ITEM_KINDS['yellow-bucket'] : LINE_ITEM_KINDS.standard;
        await navigate(routePath(target.viewRoute, { id: resolved.lineItemId }));
        return;
      }
      const scan = { lot: resolved.lot, expirationDate: resolved.expirationDate, serial: resolved.serial };
      const [only] = resolved.entries;
      // The lookup came with the answer: the form needs no second call.
      if (only && resolved.lookup) queryClient.setQueryData(ndcLookupQueryOptions(only.ndc).queryKey, resolved.lookup);
      if (resolved.entries.length === 1 && only) open(only, scan);
      else setChoice(resolved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return; // signed out already, and told why
      setProblem(error instanceof Error ? error.message : 'The code could not be read. Scan it again or type the NDC.');
      setRefusals((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void resolve(scannedCode(text, substitute));
  };

  // Ctrl+] is how a keyboard types the group separator (FNC1): keep it in the field as ␝.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!event.ctrlKey || (event.key !== ']' && event.code !== 'BracketRight')) return;
    event.preventDefault();
    // Put in place at the caret at once: the scanner's next keys follow within milliseconds.
    const target = event.currentTarget;
    target.setRangeText(SHOWN_SEPARATOR, target.selectionStart ?? target.value.length, target.selectionEnd ?? target.value.length, 'end');
    setText(target.value);
  };

  const closeForm = () => {
    setIntake(null);
    refocus();
  };

  const saved = (recordId: string, values: LineItemFormValues) => {
    if (intake) setRun((current) => ({ count: current.count + 1, last: { ndc: intake.entry.ndc, values, recordId } }));
    onAdded?.(recordId);
    closeForm();
  };

  const last = run.last;
  const sameAsLast = intake?.sameAsLast && last ? last : null;
  const prefill = intake ? { ...(sameAsLast ? sameAsLastValues(sameAsLast.values) : {}), ...scanPrefill(intake.scan) } : undefined;
  const substituteIssue = substituteProblem(substitute);

  const tools = (
    <Group gap={6} wrap="nowrap">
      <Button type="submit" variant="light" loading={busy}>
        Find
      </Button>
      <ActionIcon variant="default" size={36} onClick={() => setCamera(true)} aria-label="Scan with the camera" title="Scan with the camera">
        <IconCamera size={18} stroke={1.7} aria-hidden />
      </ActionIcon>
      <Popover width={320} position="bottom-end" shadow="md" withArrow>
        <Popover.Target>
          <ActionIcon variant="default" size={36} aria-label="Scanner settings" title="Scanner settings">
            <IconSettings size={18} stroke={1.7} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <TextInput
            label="Group separator (FNC1) sent as"
            description="Leave empty when the scanner sends the group separator itself (ASCII 29 or Ctrl+]). Otherwise the character it is set to send instead, such as ~. Kept in this browser."
            value={substitute}
            error={substituteIssue}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setSubstitute(next);
              if (!substituteProblem(next)) storeSubstitute(next);
            }}
            maxLength={3}
          />
        </Popover.Dropdown>
      </Popover>
    </Group>
  );

  return (
    // On a phone the scan field stays at the top of the screen while the line items scroll under it.
    <Paper withBorder shadow="xs" component="section" aria-labelledby="scan-heading" px="md" py="sm" className={classes.scanCard}>
      <form onSubmit={submit} noValidate>
        <Stack gap={6}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Title order={2} fz="md" fw={650} id="scan-heading">
              Scan packages into this container
            </Title>
            {run.count > 0 && (
              <Group gap="xs" role="status" aria-live="polite">
                <Badge color="teal" variant="light" radius="sm">
                  {run.count} added in this run
                </Badge>
                {last && (
                  <Anchor component={Link} to={routePath(lineItems.viewRoute, { id: last.recordId })} size="sm">
                    Last: {lineItems.noun} {last.recordId}
                  </Anchor>
                )}
              </Group>
            )}
          </Group>
          <TextInput
            ref={input}
            label="Scan or type an NDC"
            description="A package’s DataMatrix, UPC-A or GS1-128, a 3DS label, or an NDC; then Enter."
            placeholder="Scan a package…"
            leftSection={<IconBarcode size={18} stroke={1.7} aria-hidden />}
            value={text}
            onChange={(event) => {
              setText(shownScan(event.currentTarget.value));
              setProblem(null);
            }}
            onKeyDown={onKeyDown}
            error={problem}
            readOnly={busy}
            aria-busy={busy}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            data-scan-field
            classNames={{ description: classes.scanDescription }}
            inputContainer={(children) => (
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <div className={classes.scanInput}>{children}</div>
                {tools}
              </Group>
            )}
          />
        </Stack>
      </form>

      <NdcChoiceDialog
        scan={choice}
        onClose={() => {
          setChoice(null);
          refocus();
        }}
        onChoose={(entry) => {
          const scan = choice ?? NO_SCAN;
          setChoice(null);
          open(entry, { lot: scan.lot, expirationDate: scan.expirationDate, serial: scan.serial });
        }}
      />
      <NdcPickDialog
        opened={byHand}
        onClose={() => {
          setByHand(false);
          refocus();
        }}
        onPick={(ndc) => {
          setByHand(false);
          open({ ndc, removedFromArcos: false }, NO_SCAN);
        }}
        intro={`Search the NDC dictionary by NDC or trade name. The new line item goes into container ${containerId}.`}
      />
      <CameraScanDialog
        opened={camera}
        onClose={() => {
          setCamera(false);
          refocus();
        }}
        onDetected={(raw) => {
          setCamera(false);
          setText(shownScan(raw));
          void resolve(scannedCode(shownScan(raw), substitute));
          refocus();
        }}
      />
      {intake && (
        <LineItemFormModal
          kind={lineItems}
          mode="new"
          ndc={intake.entry.ndc}
          containerId={containerId}
          opened
          onClose={closeForm}
          onSaved={saved}
          prefill={prefill}
          startKey={`${intake.entry.ndc}:${intake.start}`}
          focus={sameAsLast ? 'save' : 'first-field'}
          onReady={() => {
            if (performance.getEntriesByName(SCAN_MARK, 'mark').length === 0) return;
            performance.measure(SCAN_TO_FORM, SCAN_MARK);
            performance.clearMarks(SCAN_MARK);
          }}
          notice={
            <IntakeNotice
              intake={intake}
              last={sameAsLast}
              noun={lineItems.noun}
              onStartOver={() => setIntake({ ...intake, sameAsLast: false, start: intake.start + 1 })}
            />
          }
        />
      )}
      {problem?.includes('Choose the NDC by hand') && (
        <Button variant="subtle" size="compact-sm" mt={6} onClick={() => setByHand(true)}>
          Choose the NDC by hand
        </Button>
      )}
    </Paper>
  );
}

/** Above the form: "same as last" and how to leave it; an NDC removed from ARCOS. */
function IntakeNotice({ intake, last, noun, onStartOver }: { intake: Intake; last: Last | null; noun: string; onStartOver: () => void }) {
  if (!last && !intake.entry.removedFromArcos) return null;
  return (
    <Stack gap="xs">
      {last && (
        <Alert color="blue" variant="light" icon={<IconCopy size={18} aria-hidden />} p="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">
              <strong>Same as last</strong> ({noun.toLowerCase()} {last.recordId}): pack, UoM, fill, source and cause. Lot, expiry and serial are this package’s.
            </Text>
            <Button variant="white" size="compact-sm" onClick={onStartOver}>
              Start from the dictionary
            </Button>
          </Group>
        </Alert>
      )}
      {intake.entry.removedFromArcos && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          NDC {intake.entry.ndc} was removed from ARCOS: its line items are left out of the ARCOS report.
        </Alert>
      )}
    </Stack>
  );
}
