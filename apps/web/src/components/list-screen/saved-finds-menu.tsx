import { ActionIcon, Anchor, Button, Divider, Group, Loader, Modal, Popover, ScrollArea, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { savedFindNameProblem, type EntityCatalogue } from '@3ds/domain';
import { IconBookmarkPlus, IconBookmarks, IconChevronDown, IconPencil, IconTrash } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { useDeleteSavedFind, useRenameSavedFind, useSaveFind, useSavedFinds, type SavedFind } from './api/saved-finds.ts';
import type { ListState } from '../../lib/records/list-state.ts';
import { canSaveFind, describeSavedFind, savedFindSearch } from './saved-finds.ts';
import classes from './list-screen.module.css';

interface SavedFindsProps {
  catalogue: EntityCatalogue;
  state: ListState;
}

/**
 * "Save this find" and the "Saved finds" menu of every list screen: the user's own named finds of
 * this list. Choosing one goes to the list with its find and sort (its link is shareable); each can
 * be renamed or deleted (after a confirmation). The server's refusals (a name already used, too
 * many) are shown by the app's error handler, and the dialog stays open to correct them.
 */
export function SavedFinds({ catalogue, state }: SavedFindsProps) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [menuOpened, setMenuOpened] = useState(false);
  const [saving, setSaving] = useState(false);
  const [renaming, setRenaming] = useState<SavedFind | null>(null);
  const [deleting, setDeleting] = useState<SavedFind | null>(null);
  const saved = useSavedFinds(catalogue.entity);
  const save = useSaveFind();
  const rename = useRenameSavedFind();
  const remove = useDeleteSavedFind();
  const savable = canSaveFind(state);
  const finds = saved.data ?? [];
  const current = describeSavedFind(state, catalogue.fields);
  const headingId = useId();

  return (
    <>
      <Tooltip label="Search, or sort by a column, to have something to save" disabled={savable} withArrow>
        <Button
          variant="default"
          leftSection={<IconBookmarkPlus size={17} stroke={1.7} aria-hidden />}
          // Not `disabled`: a disabled button takes no pointer events, and the tooltip's explanation needs them.
          data-disabled={!savable || undefined}
          aria-disabled={!savable || undefined}
          onClick={(event) => {
            if (!savable) event.preventDefault();
            else setSaving(true);
          }}
        >
          Save this find
        </Button>
      </Tooltip>

      <Popover opened={menuOpened} onChange={setMenuOpened} position="bottom-start" width={380} shadow="md" withinPortal trapFocus>
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconBookmarks size={17} stroke={1.7} aria-hidden />}
            rightSection={<IconChevronDown size={15} stroke={1.8} aria-hidden />}
            onClick={() => setMenuOpened((o) => !o)}
            aria-expanded={menuOpened}
            aria-haspopup="dialog"
          >
            Saved finds{finds.length > 0 ? ` (${finds.length})` : ''}
          </Button>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-labelledby={headingId}>
          <Text id={headingId} size="xs" fw={600} c="dimmed" tt="uppercase" px="md" pt="sm" pb={6}>
            Your saved finds of {catalogue.title}
          </Text>
          <Divider />
          {saved.isPending ? (
            <Group justify="center" p="md">
              <Loader size="sm" type="dots" role="status" aria-label="Loading saved finds" />
            </Group>
          ) : finds.length === 0 ? (
            <Text size="sm" c="dimmed" px="md" py="sm">
              {saved.isError ? 'Your saved finds could not be loaded.' : 'No saved finds yet. Search or sort the list, then “Save this find”.'}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={360} type="auto">
              <ul className={classes.savedFinds} aria-label="Saved finds">
                {finds.map((find) => {
                  const description = describeSavedFind(find, catalogue.fields);
                  return (
                    <li key={find.id} className={classes.savedFind}>
                      <Anchor
                        component={Link}
                        to={{ pathname: location.pathname, search: savedFindSearch(state, find, searchParams) }}
                        className={classes.savedFindLink}
                        onClick={() => setMenuOpened(false)}
                        underline="never"
                      >
                        <Text size="sm" fw={600} c="dark.7" className={classes.findSummary}>
                          {find.name}
                        </Text>
                        <Text size="xs" c="dimmed" className={classes.findSummary} title={description}>
                          {description}
                        </Text>
                      </Anchor>
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Rename ${find.name}`}
                          title="Rename"
                          onClick={() => {
                            setMenuOpened(false);
                            setRenaming(find);
                          }}
                        >
                          <IconPencil size={16} stroke={1.7} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${find.name}`}
                          title="Delete"
                          onClick={() => {
                            setMenuOpened(false);
                            setDeleting(find);
                          }}
                        >
                          <IconTrash size={16} stroke={1.7} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </li>
                  );
                })}
              </ul>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>

      <NameDialog
        opened={saving}
        title="Save this find"
        description={current}
        initialName=""
        confirmLabel="Save"
        pending={save.isPending}
        onClose={() => setSaving(false)}
        onSubmit={(name) =>
          save.mutate({ entity: catalogue.entity, name, quick: state.quick, find: state.find, sort: state.sort }, { onSuccess: () => setSaving(false) })
        }
      />

      <NameDialog
        opened={renaming !== null}
        title="Rename saved find"
        description={renaming ? describeSavedFind(renaming, catalogue.fields) : ''}
        initialName={renaming?.name ?? ''}
        confirmLabel="Rename"
        pending={rename.isPending}
        onClose={() => setRenaming(null)}
        onSubmit={(name) => renaming && rename.mutate({ id: renaming.id, name }, { onSuccess: () => setRenaming(null) })}
      />

      <ConfirmDialog
        opened={deleting !== null}
        title="Delete saved find"
        question={deleting ? `Delete the saved find "${deleting.name}"? The list itself does not change.` : ''}
        busy={remove.isPending}
        danger
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

interface NameDialogProps {
  opened: boolean;
  title: string;
  /** What is (or was) saved, in words. */
  description: string;
  initialName: string;
  confirmLabel: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** The name of a saved find, asked when saving and renaming; it stays open until the server agrees. */
function NameDialog({ opened, title, description, initialName, confirmLabel, pending, onClose, onSubmit }: NameDialogProps) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size="md" closeOnClickOutside={!pending} closeOnEscape={!pending}>
      {opened && (
        <NameForm
          key={initialName}
          description={description}
          initialName={initialName}
          confirmLabel={confirmLabel}
          pending={pending}
          label={title}
          onCancel={close}
          onSubmit={onSubmit}
        />
      )}
    </Modal>
  );
}

function NameForm({
  description,
  initialName,
  confirmLabel,
  pending,
  label,
  onCancel,
  onSubmit,
}: Omit<NameDialogProps, 'opened' | 'title' | 'onClose'> & { label: string; onCancel: () => void }) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const problem = savedFindNameProblem(trimmed);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem) onSubmit(trimmed);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="md">
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        <TextInput
          label="Name"
          placeholder="e.g. Open jobs in New Jersey"
          required
          autoComplete="off"
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          // The domain's message names the API field ("name: …"); the form shows the rule itself.
          error={touched && trimmed !== '' && problem ? problem.replace(/^name: /, '').replace(/^name /, 'The name ') : undefined}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={trimmed === '' || trimmed === initialName} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
