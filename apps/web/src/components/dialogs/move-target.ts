/** A place a record may move to, as the move dialog lists it. */
export interface MoveTargetOption {
  value: string;
  label: string;
}

/** A move target as the dialog shows it: "{id} — {name}" (a job's or a container's), or the id alone. */
export function moveTargetOption(id: string, name: string): MoveTargetOption {
  return { value: id, label: name.trim() ? `${id} — ${name.trim()}` : id };
}
