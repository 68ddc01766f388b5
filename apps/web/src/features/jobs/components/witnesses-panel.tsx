import { Badge, Button, Group, Modal, PasswordInput, Skeleton, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { canPerform, WITHDRAW_REASON_MAX, type WitnessAnswer } from '@3ds/domain';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FormDialogFooter } from '../../../components/forms/form-dialog-footer.tsx';
import { showAlert } from '../../../lib/alert-store.ts';
import { useSession } from '../../../session/use-session.ts';
import { useConfirmWitness, useWithdrawWitness, useWitnesses } from '../api/witnesses.ts';
import { witnessStateText, WITNESS_STATE_COLOR, withdrawReasonProblem } from '../witnesses-model.ts';

/**
 * The job's witnesses (rules/witnesses.ts), under its destruction record: each transfer and
 * destruction witness, confirmed (who, when, from where — what the Form 41 and the certificate print),
 * void (why), typed before confirmations, or empty. A witness confirms by typing their own username
 * and password here; a confirmation is withdrawn with the reason. Both for holders of CREATE_JOB;
 * once the job's Form 41 printed the witnesses none is withdrawn.
 */
export function WitnessesPanel({ jobId, attests }: { jobId: string; attests: { transfer: string; destruction: string } }) {
  const session = useSession();
  const witnesses = useWitnesses(jobId);
  const [confirming, setConfirming] = useState<WitnessAnswer | null>(null);
  const [withdrawing, setWithdrawing] = useState<WitnessAnswer | null>(null);
  const mayConfirm = canPerform(session?.privileges, 'job.confirm-witness', {});
  const mayWithdraw = canPerform(session?.privileges, 'job.withdraw-witness', {});
  const fixed = witnesses.data?.fixed ?? false;
  const actions = (witness: WitnessAnswer) => (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {mayConfirm && witness.state !== 'confirmed' && (
        <Button size="compact-xs" variant="light" disabled={!witness.canConfirm} title={witness.waitingFor ?? undefined} onClick={() => setConfirming(witness)}>
          {witness.state === 'void' ? 'Confirm again' : 'Confirm'}
        </Button>
      )}
      {mayWithdraw && !fixed && witness.state !== 'empty' && (
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => setWithdrawing(witness)} aria-label={`Withdraw ${witness.label}`}>
          Withdraw
        </Button>
      )}
    </Group>
  );

  return (
    <Stack gap="xs" mt="md">
      <Title order={3} fz="sm">
        Witnesses
      </Title>
      <Text size="xs" c="dimmed">
        Each witness confirms for themselves, with their own password. A confirmation is void once what it attests changes.
        {fixed ? ' The DEA Form 41 printed these witnesses: none is withdrawn; one whose confirmation is void since confirms again.' : ''}
      </Text>
      {witnesses.isPending ? (
        <Skeleton h={140} />
      ) : witnesses.data ? (
        <>
          {/* A table where there is room; on a phone, each witness one under the other. */}
          <Table verticalSpacing={6} aria-label="Witnesses" visibleFrom="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Witness</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Confirmation</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {witnesses.data.witnesses.map((witness) => (
                <Table.Tr key={witness.role}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{witness.label}</Table.Td>
                  <Table.Td>{witness.name ?? '—'}</Table.Td>
                  <Table.Td style={{ minWidth: 120 }}>
                    <StateBadge witness={witness} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{confirmationText(witness)}</Text>
                  </Table.Td>
                  <Table.Td>{actions(witness)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap="sm" hiddenFrom="sm" role="list" aria-label="Witnesses">
            {witnesses.data.witnesses.map((witness) => (
              <Stack key={witness.role} gap={4} role="listitem" pb="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {witness.label}
                  </Text>
                  <StateBadge witness={witness} />
                </Group>
                <Text size="sm">{witness.name ?? '—'}</Text>
                {confirmationText(witness) && <Text size="xs">{confirmationText(witness)}</Text>}
                {actions(witness)}
              </Stack>
            ))}
          </Stack>
        </>
      ) : null}
      {confirming && (
        <ConfirmDialog
          jobId={jobId}
          witness={confirming}
          attests={confirming.role.startsWith('transfer') ? attests.transfer : attests.destruction}
          onClose={() => setConfirming(null)}
        />
      )}
      {withdrawing && <WithdrawDialog jobId={jobId} witness={withdrawing} onClose={() => setWithdrawing(null)} />}
    </Stack>
  );
}

function StateBadge({ witness }: { witness: WitnessAnswer }) {
  return (
    <Badge size="sm" variant="light" radius="sm" color={WITNESS_STATE_COLOR[witness.state]} miw="fit-content">
      {witnessStateText(witness.state)}
    </Badge>
  );
}

/** What the last column says: the printed line, why it is void, or why no one may confirm yet. */
function confirmationText(witness: WitnessAnswer): string {
  if (witness.state === 'confirmed') return witness.printed ?? '';
  if (witness.state === 'void') return `Void: ${witness.confirmation?.voidReason ?? 'what it attests changed'}. Confirmed by ${witness.confirmation?.username ?? '?'} before.`;
  if (witness.state === 'typed') return 'Typed before witnesses confirmed for themselves: not a confirmation.';
  return witness.waitingFor ?? '';
}

function ConfirmDialog({ jobId, witness, attests, onClose }: { jobId: string; witness: WitnessAnswer; attests: string; onClose: () => void }) {
  const confirming = useConfirmWitness();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const refusal = confirming.error?.message;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!username.trim() || !password) return;
    confirming.mutate(
      { jobId, role: witness.role, body: { username: username.trim(), password } },
      {
        onSuccess: (answer) => {
          const name = answer.witnesses.find((w) => w.role === witness.role)?.name ?? username;
          showAlert({ type: 'SUCCESS', message: `${witness.label}: ${name} confirmed` });
          onClose();
        },
        // A wrong password is typed again, not kept.
        onError: () => setPassword(''),
      },
    );
  };
  return (
    <Modal opened onClose={() => !confirming.isPending && onClose()} title={`${witness.label} confirms`} size="md">
      <form onSubmit={submit} noValidate aria-label={`${witness.label} confirms`}>
        <Stack gap="md">
          <Text size="sm">
            The witness types <strong>their own</strong> username and password, as they sign in to 3DS. By confirming they attest: {attests}. Who, when and from where
            is kept and printed on the documents.
          </Text>
          <TextInput
            label="Witness's username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            data-autofocus
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            error={tried && !username.trim() ? 'Enter the witness’s username.' : undefined}
            withAsterisk
          />
          {/* new-password: the browser must not fill in the signed-in user's own saved password. */}
          <PasswordInput
            label="Witness's password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={tried && !password ? 'Enter the witness’s password.' : undefined}
            withAsterisk
          />
          <FormDialogFooter refusal={refusal} pending={confirming.isPending} onCancel={onClose} submit={{ leftSection: <IconShieldCheck size={16} aria-hidden /> }}>
            Confirm as witness
          </FormDialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}

function WithdrawDialog({ jobId, witness, onClose }: { jobId: string; witness: WitnessAnswer; onClose: () => void }) {
  const withdrawing = useWithdrawWitness();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const problem = tried ? withdrawReasonProblem(reason) : undefined;
  const refusal = withdrawing.error?.message;
  const whose =
    witness.state === 'typed' ? `the typed name ${witness.name}` : `the ${witness.state === 'void' ? 'void ' : ''}confirmation of ${witness.confirmation?.name ?? witness.name}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (withdrawReasonProblem(reason)) return;
    withdrawing.mutate(
      { jobId, role: witness.role, reason: reason.trim() },
      {
        onSuccess: () => {
          showAlert({ type: 'SUCCESS', message: `${witness.label}: ${whose} withdrawn` });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={() => !withdrawing.isPending && onClose()} title={`Withdraw ${witness.label}`} size="md">
      <form onSubmit={submit} noValidate aria-label={`Withdraw ${witness.label}`}>
        <Stack gap="md">
          <Text size="sm">
            Withdraw {whose}? It stays on record, void, with your reason; the name leaves the destruction record until a witness confirms.
          </Text>
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={2}
            maxLength={WITHDRAW_REASON_MAX + 50}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={problem}
          />
          <FormDialogFooter refusal={refusal} pending={withdrawing.isPending} onCancel={onClose} submit={{ color: 'red' }}>
            Withdraw
          </FormDialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}
