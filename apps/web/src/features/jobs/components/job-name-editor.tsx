import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { jobNameProblems } from '@3ds/domain';
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useRenameJob } from '../api/rename-job.ts';

interface JobNameEditorProps {
  jobId: string;
  name: string;
  modId: string;
  /** CREATE_JOB on an unlocked job. */
  editable: boolean;
}

/**
 * The job name under the heading, edited in place (spec 1 §2): the pencil opens a "Job Name"
 * field; Enter or Save saves, Escape or Cancel leaves it as it was. The new name shows at once; a
 * refused save puts the old name back and the server's message shows as a DANGER alert.
 */
export function JobNameEditor({ jobId, name, modId, editable }: JobNameEditorProps) {
  const rename = useRenameJob();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  // The version the edit started from: a live reload of the job must not move it, or another's
  // rename meanwhile would be overwritten unnoticed (the server answers 409 instead).
  const [editedModId, setEditedModId] = useState(modId);
  const pencil = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // The job was locked (or the privilege lost) while editing: the editor closes.
  useEffect(() => {
    if (!editable) setEditing(false);
  }, [editable]);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      pencil.current?.focus();
    }
  }, [editing]);

  const start = () => {
    setDraft(name);
    setProblem(null);
    setEditedModId(modId);
    setEditing(true);
  };

  const cancel = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  // The name's rule (spec 1 §5), said beside the field before anything is sent.
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    if (draft === name) {
      cancel();
      return;
    }
    const [broken] = jobNameProblems(draft);
    if (broken) {
      setProblem(broken);
      return;
    }
    returnFocus.current = true;
    setEditing(false);
    rename.mutate({ id: jobId, name: draft, modId: editedModId });
  };

  if (editing) {
    return (
      // The name's rule speaks beside the field, not the browser's bubble.
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
      <Group gap="xs" wrap="nowrap" mih={36} align="flex-start">
        <TextInput
          aria-label="Job Name"
          required
          value={draft}
          error={problem}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              cancel();
            }
          }}
          size="sm"
          w={{ base: 240, sm: 420 }}
          data-autofocus
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="submit" size="sm">
          Save
        </Button>
        <Button variant="default" size="sm" onClick={cancel}>
          Cancel
        </Button>
      </Group>
      </form>
    );
  }

  // As tall as the editor, so that opening it moves nothing.
  return (
    <Group gap={6} wrap="nowrap" mih={editable ? 36 : undefined}>
      <Text size="md" c="dark.5" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {name === '' ? <Text span c="dimmed" fs="italic" inherit>No name</Text> : name}
      </Text>
      {editable && (
        <ActionIcon
          ref={pencil}
          variant="subtle"
          color="gray"
          size="md"
          aria-label="Edit job name"
          title="Edit job name"
          onClick={start}
          loading={rename.isPending}
        >
          <IconPencil size={16} stroke={1.8} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
