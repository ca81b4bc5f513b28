/**
 * Said before anyone edits a template: saving templates needs the project's own mail server (the shared
 * one sends the built-in templates only), with the way to set one up, instead of a refusal at Save.
 */
import { MailWarning } from "lucide-react";
import { Button } from "../ui.js";

export function SmtpRequiredNotice({ onSetUp }: { onSetUp: () => void }) {
  return (
    <div role="note" aria-label="Own mail server needed" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <MailWarning aria-hidden className="size-5 shrink-0" />
      <p className="flex-1">
        This project sends through the shared mail server, which uses the built-in templates. To change a template, set up your own SMTP server first; until then you can read the
        templates and preview them here.
      </p>
      <Button variant="secondary" onClick={onSetUp}>
        Set up your SMTP server
      </Button>
    </div>
  );
}
