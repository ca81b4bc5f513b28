/** The Metadata card of a user or a team: one JSON editor per metadata field, each saved on its own. */
import { JsonEditor } from "./json-editor.js";
import { Card, InlineError } from "./ui.js";

export function MetadataCard<Field extends string>({
  description,
  fields,
  record,
  saving,
  error,
  onSave,
}: {
  description?: string;
  /** The fields to edit, in order, each with its label. */
  fields: Readonly<Record<Field, string>>;
  /** The user or team the values are read from. */
  record: Readonly<Record<NoInfer<Field>, unknown>>;
  saving: boolean;
  /** The update's error, shown under the editors; leave it out where the page shows it elsewhere. */
  error?: unknown;
  onSave: (field: Field, value: unknown) => void;
}) {
  return (
    <Card title="Metadata" description={description}>
      <div className="flex flex-col gap-4">
        {(Object.entries(fields) as [Field, string][]).map(([field, label]) => (
          <JsonEditor key={field} label={label} value={record[field]} saving={saving} error={null} onSave={(value) => onSave(field, value)} />
        ))}
      </div>
      <InlineError error={error} />
    </Card>
  );
}
