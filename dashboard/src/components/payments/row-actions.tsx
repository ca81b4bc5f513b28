/** Edit and delete buttons of one item or offer row, with a confirmation before deleting. */
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDelete } from "../detail-page.js";
import { Button } from "../ui.js";

export function RowActions({ what, id, onEdit, onDelete, busy, error }: { what: string; id: string; onEdit: () => void; onDelete: (close: () => void) => void; busy: boolean; error: unknown }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" aria-label={`Edit ${what} ${id}`} onClick={onEdit}>
        <Pencil aria-hidden className="size-4" />
      </Button>
      <Button variant="ghost" aria-label={`Delete ${what} ${id}`} onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden className="size-4" />
      </Button>
      <ConfirmDelete
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete the ${what} ${id}?`}
        description={`Customers keep what they bought; the ${what} can no longer be used in new purchases.`}
        action={`Delete ${what}`}
        busy={busy}
        error={error}
        onConfirm={() => onDelete(() => setConfirming(false))}
      />
    </div>
  );
}
