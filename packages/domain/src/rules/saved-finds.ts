import { singleLineTextProblem } from './text.ts';

/**
 * Saved finds: a user's named quick find, find requests and sort of one list screen, recalled from
 * the list's "Saved finds" menu (`/3ds/api/saved-finds`). Each user sees only their own.
 */
export const SAVED_FIND_LIMITS = {
  /** Characters (code points) of a saved find's name. */
  name: 100,
  /** Characters of the quick-find text. */
  quickFind: 1000,
  /** Saved finds one user keeps for one list. */
  perList: 100,
} as const;

export const SAVED_FIND_MESSAGES = {
  nameRequired: 'name: give the saved find a name',
  nothingToSave: 'A saved find needs a quick find, find requests or a sort; this one has none of them.',
  nothingToChange: 'Nothing to change: send a new name, quickFind, requests or sort.',
  nameTaken: (name: string) => `You already have a saved find named "${name}" on this list; choose another name.`,
  tooMany: (max: number) => `You can keep at most ${max} saved finds per list; delete one you no longer need first.`,
  notFound: (id: number | string) => `There is no saved find ${id} of yours.`,
} as const;

/** What is wrong with a saved find's name (already trimmed), naming the field, or undefined. */
export function savedFindNameProblem(name: string): string | undefined {
  if (name === '') return SAVED_FIND_MESSAGES.nameRequired;
  const problem = singleLineTextProblem('name', name, SAVED_FIND_LIMITS.name);
  return problem === undefined ? undefined : `name: ${problem}`;
}

/** What is wrong with the quick-find text of a saved find, naming the field, or undefined. */
export function savedFindQuickFindProblem(text: string): string | undefined {
  const problem = singleLineTextProblem('quickFind', text, SAVED_FIND_LIMITS.quickFind);
  return problem === undefined ? undefined : `quickFind: ${problem}`;
}
