/** What the column choice reads of a list's column (DataTable's Column). */
export interface ChoosableColumn {
  key: string;
  /** Hidden until the operator shows it. */
  optional?: boolean;
  /** Always shown, never offered (the row's actions). */
  fixed?: boolean;
}

/** The columns an operator may hide or show: every one but the fixed ones. */
export const choosableColumns = <C extends ChoosableColumn>(columns: readonly C[]): C[] => columns.filter((c) => !c.fixed);

/** The keys a list shows until the operator chooses: every choosable column but the optional ones. */
export const defaultColumnKeys = (columns: readonly ChoosableColumn[]): string[] =>
  choosableColumns(columns)
    .filter((c) => !c.optional)
    .map((c) => c.key);

/**
 * A stored choice kept to the columns the list has now, in the list's order; undefined when it names none of them
 * (or none was stored), and then the default shows.
 */
export function cleanColumnKeys(columns: readonly ChoosableColumn[], keys: readonly string[] | undefined): string[] | undefined {
  if (!keys) return undefined;
  const chosen = new Set(keys);
  const out = choosableColumns(columns)
    .filter((c) => chosen.has(c.key))
    .map((c) => c.key);
  return out.length > 0 ? out : undefined;
}

/** The columns to draw: the fixed ones and the chosen (else the default) ones, in the list's order. */
export function shownColumns<C extends ChoosableColumn>(columns: readonly C[], keys?: readonly string[]): C[] {
  const shown = new Set(keys ?? defaultColumnKeys(columns));
  return columns.filter((c) => c.fixed || shown.has(c.key));
}

/** `keys` with `key` shown or hidden, in the list's order; the last shown column stays. */
export function toggleColumnKey(columns: readonly ChoosableColumn[], keys: readonly string[], key: string): string[] {
  const next = new Set(keys);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  const out = choosableColumns(columns)
    .filter((c) => next.has(c.key))
    .map((c) => c.key);
  return out.length > 0 ? out : [...keys];
}
