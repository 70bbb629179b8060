/**
 * A post's answer carries the table as the post left it, but of the protokoll only the rows
 * the post changed: `first_row` on, with `row_count` rows in all (so that a post at deal 500
 * costs what one at deal 5 does). This puts them on top of the rows the phone already has.
 * When that cannot be done safely — the phone's view is not the one the post was based on,
 * or it lacks rows — it returns null, and the caller reads the whole table.
 */
export function wholeTable(old, fresh) {
  const sheet = fresh.protokoll;
  if (sheet.first_row === undefined) return fresh; // a whole sheet already
  const { first_row: first, row_count: count, ...rest } = sheet;
  if (first === 0) return { ...fresh, protokoll: rest };
  const known = old?.protokoll;
  if (!known || old.id !== fresh.id || old.seq !== fresh.seq - 1
      || known.first_row !== undefined || known.rows.length < first) return null;
  const rows = known.rows.slice(0, first).concat(sheet.rows);
  if (rows.length !== count) return null;
  return { ...fresh, protokoll: { ...rest, rows } };
}
