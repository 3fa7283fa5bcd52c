/**
 * A fund's new state written as what changed in it (issue 15): the top-level fields that
 * changed, and the elements added at the end of lists that only grew. A contribution's change is
 * one element added to `contributions`, about 350 bytes, where the whole state is 4–5 KB and
 * grows with the cycle: the statement that writes a batch of contributions carried, parsed and
 * compressed every state whole (with its first answer, 95 % of its bytes), and Node serialized
 * each one.
 *
 * The change is found by identity, not by comparing contents: the domain's `evolve` never
 * changes a state, it returns a new one that shares every part it left alone (the fund tests
 * run it on deeply frozen states, so a change in place fails them). A part that is a new object
 * is written whole even if its contents are equal; that costs bytes, never correctness.
 *
 * It is applied to the row's stored state, which is the state it was computed from: the fund's
 * row is locked from the read to the commit.
 */
export interface StatePatch {
  /** Fields whose new value replaces the old one. */
  set: Record<string, unknown>;
  /** Lists whose new value is the old one with these elements after it. */
  append: Record<string, readonly unknown[]>;
  /** Fields the new state no longer has. */
  unset: string[];
}

type Document = Readonly<Record<string, unknown>>;

/** What changed from `before` to `after`, both JSON documents. */
export function statePatch(beforeState: object, afterState: object): StatePatch {
  const before = beforeState as Document;
  const after = afterState as Document;
  const patch: StatePatch = { set: {}, append: {}, unset: [] };
  for (const key of Object.keys(after)) {
    const was = before[key];
    const now = after[key];
    if (now === was) continue;
    // JSON has no undefined: a field set to it is a field the stored state no longer has.
    if (now === undefined) patch.unset.push(key);
    else if (Array.isArray(now) && Array.isArray(was) && grewFrom(was, now)) {
      if (now.length > was.length) patch.append[key] = now.slice(was.length);
    } else patch.set[key] = now;
  }
  for (const key of Object.keys(before))
    if (!Object.hasOwn(after, key) && before[key] !== undefined) patch.unset.push(key);
  return patch;
}

/** `now` is `was` with elements added at its end: every element of `was` is still in its place. */
function grewFrom(was: readonly unknown[], now: readonly unknown[]): boolean {
  if (now.length < was.length) return false;
  for (let i = 0; i < was.length; i++) if (was[i] !== now[i]) return false;
  return true;
}

/**
 * The SQL of `state` (a jsonb expression, the stored state) with `patch` (a jsonb expression
 * holding a `StatePatch`) applied: the fields unset removed, those set replaced, and each grown
 * list the stored one followed by its new elements.
 */
export function patchedStateSql(state: string, patch: string): string {
  return `((${state} - array(select jsonb_array_elements_text(${patch}->'unset')))
     || (${patch}->'set')
     || (select coalesce(jsonb_object_agg(a.key, coalesce(${state}->a.key, '[]'::jsonb) || a.value), '{}'::jsonb)
         from jsonb_each(${patch}->'append') as a))`;
}
