/**
 * Errors beside their fields: a form's rules answer messages ("Date Destroyed cannot be before Date
 * Received"); each message shows under the field it is first about, and every other field it
 * concerns is outlined (`true`), so a cross-field error marks all of them. Pure, for unit tests.
 */
export type FieldErrors<F extends string> = Partial<Record<F, string | true>>;

export function fieldErrorsOf<F extends string>(problems: readonly string[], fieldsOf: (problem: string) => readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const problem of problems) {
    const [first, ...others] = fieldsOf(problem);
    if (first !== undefined && typeof errors[first] !== 'string') errors[first] = problem;
    for (const other of others) errors[other] ??= true;
  }
  return errors;
}

/**
 * The fields a message names by their labels, in the order it names them ("Date Received cannot be
 * before Date Transferred": Date Received, then Date Transferred). A longer label wins over one it
 * contains ("Destruction Facility Address" is not "Destruction Facility").
 */
export function fieldsNamedIn<F extends string>(labels: Readonly<Record<F, string>>): (problem: string) => F[] {
  const byLength = (Object.entries(labels) as [F, string][]).sort((a, b) => b[1].length - a[1].length);
  return (problem) => {
    const found: { field: F; at: number }[] = [];
    let rest = problem;
    for (const [field, label] of byLength) {
      const at = rest.indexOf(label);
      if (at === -1) continue;
      found.push({ field, at });
      // Blank the label out so that a shorter one it contains is not found in it too.
      rest = rest.slice(0, at) + ' '.repeat(label.length) + rest.slice(at + label.length);
    }
    return found.sort((a, b) => a.at - b.at).map((f) => f.field);
  };
}
