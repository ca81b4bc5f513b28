/**
 * What `latchkey users import` says when it is done (or, with --dry-run, what it would do): counts,
 * the columns it read under another name, the columns it ignored, and the first lines imported, let in
 * with a weak hash and rejected, each by its line number.
 */

/** Lines of each kind kept for the summary (every rejected line also goes to the rejects file). */
export const SUMMARY_LINES = 100;
/** Lines of each kind shown in the text summary (--json carries SUMMARY_LINES). */
const SHOWN = 10;

export interface ImportSummary {
  project: string;
  file: string;
  format: string;
  dryRun: boolean;
  /** CSV only. */
  delimiter?: "comma" | "semicolon" | "tab";
  read: number;
  imported: number;
  importedLines: { line: number; id: string; primaryEmail: string | null; displayName: string | null }[];
  weakHashes: number;
  weakHashLines: { line: number; reason: string }[];
  alreadyPresent: number;
  rejected: number;
  teamsCreated: number;
  rejectsFile: string | null;
  rejectedLines: { line: number; reason: string }[];
  /** Column name -> the field it was read as. */
  renamedColumns: Record<string, string>;
  ignoredFields: string[];
  seconds: number;
  rowsPerSecond: number;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function firstOf<T>(rows: readonly T[], total: number, line: (row: T) => string): string[] {
  return [...rows.slice(0, SHOWN).map((row) => `  ${line(row)}`), ...(total > SHOWN ? [`  … and ${total - SHOWN} more`] : [])];
}

export function importSummaryText(s: ImportSummary): string {
  const would = s.dryRun;
  const users = plural(s.imported, "user", "users");
  return [
    would
      ? `Dry run: nothing was written. ${s.file} (${s.read} lines${s.delimiter ? `, ${s.delimiter}-separated` : ""}) would create ${users} in ${s.project}.`
      : `Imported ${users} into ${s.project} from ${s.file} (${s.read} lines${s.delimiter ? `, ${s.delimiter}-separated` : ""}, in ${s.seconds} s, ${s.rowsPerSecond} lines/s).`,
    ...(Object.keys(s.renamedColumns).length > 0 ? [`Columns read as: ${Object.entries(s.renamedColumns).map(([column, field]) => `${column} → ${field}`).join(", ")}.`] : []),
    ...(s.ignoredFields.length > 0 ? [`Unknown columns, ignored: ${s.ignoredFields.join(", ")}.`] : []),
    ...(would && s.imported > 0 ? ["Would create:", ...firstOf(s.importedLines, s.imported, (u) => `line ${u.line}: ${u.primaryEmail ?? "(no e-mail)"}${u.displayName ? ` (${u.displayName})` : ""}`)] : []),
    ...(s.alreadyPresent > 0
      ? [`${plural(s.alreadyPresent, "user was", "users were")} there already and ${would ? "would be" : s.alreadyPresent === 1 ? "was" : "were"} left as ${s.alreadyPresent === 1 ? "it is" : "they are"} (an import never updates a user).`]
      : []),
    ...(s.teamsCreated > 0 ? [`${would ? "Would create" : "Created"} ${plural(s.teamsCreated, "team", "teams")}.`] : []),
    ...(s.weakHashes > 0
      ? [`${plural(s.weakHashes, "user", "users")} ${would ? "would be" : s.weakHashes === 1 ? "was" : "were"} imported with a password hash below the minimum (--allow-weak-hashes), replaced at each one's first sign-in:`, ...firstOf(s.weakHashLines, s.weakHashes, (r) => `line ${r.line}: ${r.reason}`)]
      : []),
    ...(s.rejected > 0
      ? [
          `${would ? "Would reject" : "Rejected"} ${plural(s.rejected, "line", "lines")}${s.rejectsFile ? ` (${s.rejected === 1 ? "it is" : "all of them are"} in ${s.rejectsFile})` : ""}:`,
          ...firstOf(s.rejectedLines, s.rejected, (r) => `line ${r.line}: ${r.reason}`),
        ]
      : []),
  ].join("\n");
}
