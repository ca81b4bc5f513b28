/** Pieces of a page about one thing (a user, a team): the link back to its list, and the dialog that confirms deleting it. */
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, InlineError, Modal } from "./ui.js";

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="mb-2 inline-flex items-center gap-1 text-sm text-indigo-700 dark:text-indigo-300">
      <ArrowLeft aria-hidden className="size-4" /> {children}
    </Link>
  );
}

/** Asks before deleting: what goes with it, the deletion's error, the danger button (`action`) and Keep. */
export function ConfirmDelete({
  open,
  onOpenChange,
  title,
  description,
  action,
  busy,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  action: string;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <InlineError error={error} />
      <div className="flex gap-2">
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {action}
        </Button>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Keep
        </Button>
      </div>
    </Modal>
  );
}
