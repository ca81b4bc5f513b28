/**
 * Project settings, Branding: the logo for light backgrounds (the project's `logo_url`), the logo for dark
 * backgrounds and the primary colour (`config.branding`), shown on the hosted pages and in the default
 * e-mail themes. A refused value is named on its own field.
 */
import { useState, type ChangeEvent, type FormEvent } from "react";
import { Button, Card, Field, InlineError, Input, QueryView } from "../ui.js";
import { useAdminProject, useUpdateProject } from "../../lib/use-project.js";
import { hasIssueAt, validationIssues } from "../../lib/validation-issues.js";

const MAX_LOGO_BYTES = 300_000;
const HEX = /^#[0-9a-fA-F]{6}$/;
const BAD_COLOUR = "Write the colour as # and six hexadecimal digits, for example #7c3aed.";
const BAD_LOGO = "Choose a PNG, JPEG, WebP or SVG image smaller than 300 KB.";

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

function LogoField({ label, hint, current, preview, error, onFile, onRemove }: {
  label: string;
  hint: string;
  current: string | null;
  preview: "light" | "dark";
  error: string | null;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const background = preview === "dark" ? "bg-zinc-900 border-zinc-700" : "bg-white border-zinc-200";
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className={`flex size-16 items-center justify-center rounded border ${background}`}>
        {current ? <img src={current} alt={`Current ${label.toLowerCase()}`} className="max-h-12 max-w-14 object-contain" /> : <span className={preview === "dark" ? "text-xs text-zinc-300" : "text-xs text-zinc-600"}>None</span>}
      </div>
      <Field label={label} hint={hint} error={error}>
        {(id, describedBy) => (
          <input
            id={id}
            aria-describedby={describedBy}
            type="file"
            accept="image/png,image/svg+xml,image/jpeg,image/webp"
            className="max-w-full text-sm"
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              const file = e.target.files?.[0];
              if (file) onFile(file);
            }}
          />
        )}
      </Field>
      {current && (
        <Button variant="ghost" onClick={onRemove}>
          Remove
        </Button>
      )}
    </div>
  );
}

export function BrandingCard() {
  const project = useAdminProject();
  const update = useUpdateProject();
  const [colour, setColour] = useState<string | null>(null);
  const [localError, setLocalError] = useState<{ field: "logo" | "dark" | "colour"; text: string } | null>(null);
  const issueAt = (pattern: RegExp) => hasIssueAt(update.error, pattern);

  const upload = async (field: "logo" | "dark", file: File) => {
    if (file.size > MAX_LOGO_BYTES || !/^image\/(png|jpeg|webp|svg\+xml)$/.test(file.type)) {
      setLocalError({ field, text: BAD_LOGO });
      return;
    }
    setLocalError(null);
    const url = await readAsDataUrl(file);
    update.mutate({ body: field === "logo" ? { logo_url: url } : { config: { branding: { dark_logo_url: url } } } });
  };

  return (
    <QueryView query={project} what="the branding">
      {(p) => {
        const shown = colour ?? p.config.branding.primary_color ?? "";
        const colourError = (localError?.field === "colour" && localError.text) || (issueAt(/^body\.config\.branding\.primary_color$/) ? BAD_COLOUR : null);
        const logoError = (localError?.field === "logo" && localError.text) || (issueAt(/^body\.logo_url$/) ? BAD_LOGO : null);
        const darkError = (localError?.field === "dark" && localError.text) || (issueAt(/^body\.config\.branding\.dark_logo_url$/) ? BAD_LOGO : null);
        const otherError = validationIssues(update.error).length > 0 && (colourError || logoError || darkError) ? null : update.error;
        const saveColour = (event: FormEvent) => {
          event.preventDefault();
          const value = shown.trim();
          if (value !== "" && !HEX.test(value)) {
            setLocalError({ field: "colour", text: BAD_COLOUR });
            return;
          }
          setLocalError(null);
          update.mutate({ body: { config: { branding: { primary_color: value === "" ? null : value } } } }, { onSuccess: () => setColour(null) });
        };
        return (
          <Card title="Branding" description="Your logo, name and colour on the sign-in pages and in the e-mails' default themes.">
            <div className="flex flex-col gap-4">
              <LogoField
                label="Logo"
                hint="For light backgrounds. PNG, SVG, JPEG or WebP, up to 300 KB."
                current={p.logo_url}
                preview="light"
                error={logoError || null}
                onFile={(file) => void upload("logo", file)}
                onRemove={() => update.mutate({ body: { logo_url: null } })}
              />
              <LogoField
                label="Logo for dark backgrounds"
                hint="Shown in dark mode and in the dark e-mail theme; without one, the logo above."
                current={p.config.branding.dark_logo_url}
                preview="dark"
                error={darkError || null}
                onFile={(file) => void upload("dark", file)}
                onRemove={() => update.mutate({ body: { config: { branding: { dark_logo_url: null } } } })}
              />
              <form className="flex flex-wrap items-end gap-2" onSubmit={saveColour} noValidate>
                <Field label="Primary colour" hint="Buttons and links, as #rrggbb; the text on buttons turns white or black for contrast. Empty: the default blue." error={colourError || null}>
                  {(id, describedBy) => (
                    <div className="flex items-center gap-2">
                      <input
                        type="color"
                        aria-label="Pick the primary colour"
                        className="h-9 w-10 cursor-pointer rounded border border-zinc-300 bg-transparent dark:border-zinc-600"
                        value={HEX.test(shown) ? shown : "#1d4ed8"}
                        onChange={(e) => setColour(e.target.value)}
                      />
                      <Input id={id} aria-describedby={describedBy} aria-invalid={colourError ? true : undefined} className="w-32 font-mono" placeholder="#1d4ed8" value={shown} onChange={(e) => setColour(e.target.value)} />
                    </div>
                  )}
                </Field>
                <Button type="submit" busy={update.isPending} disabled={colour === null}>
                  Save colour
                </Button>
              </form>
            </div>
            <InlineError error={otherError} />
          </Card>
        );
      }}
    </QueryView>
  );
}
